/** Screen mock-ups are drawn by scripts/generate-feature-screens.mjs at this size. */
export const SCREEN_WIDTH = 960;
export const SCREEN_HEIGHT = 600;

export interface FeatureEntry {
  /** Translation key under features.items (title, description, bullets[], alt[] aligned with images). */
  id: string;
  images: string[];
}

/** The 16 sections of /features, covering every advertised module of the platform. */
export const FEATURES: FeatureEntry[] = [
  { id: 'riskRegistry', images: ['risk-heatmap', 'risk-register'] },
  { id: 'itRisk', images: ['it-risk-controls'] },
  { id: 'internalAudit', images: ['audit-plan', 'audit-findings'] },
  { id: 'businessContinuity', images: ['bia-table', 'rto-rpo'] },
  { id: 'esg', images: ['esg-matrix'] },
  { id: 'thirdParty', images: ['vendor-scores', 'vendor-questionnaire'] },
  { id: 'documents', images: ['document-library'] },
  { id: 'access', images: ['user-roles', 'portfolios'] },
  { id: 'incidents', images: ['incident-board', 'incident-timeline'] },
  { id: 'actions', images: ['action-tracker', 'approval-flow'] },
  { id: 'indicators', images: ['kri-gauges', 'kpi-trends'] },
  { id: 'reporting', images: ['dashboard-overview', 'export-options', 'dashboard-charts'] },
  { id: 'insurance', images: ['claims-list'] },
  { id: 'assets', images: ['asset-register'] },
  { id: 'policies', images: ['policy-lifecycle'] },
  { id: 'ai', images: ['identity-verification', 'ai-analysis'] },
];

export const screenUrl = (image: string): string => `/static/features/${image}.svg`;
