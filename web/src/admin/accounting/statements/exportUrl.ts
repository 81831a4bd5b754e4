/** The server's report files (PDF, XLSX, CSV) and the auditors' journal, as download links (same-origin GETs with the session). */
export type ReportFile = 'income-statement' | 'balance-sheet' | 'cash-flow' | 'trial-balance' | 'aged-receivables' | 'aged-payables' | 'account-ledger' | 'vat-return' | 'ec-sales-list';

export type ReportFormat = 'pdf' | 'xlsx' | 'csv';

export const reportFileUrl = (report: ReportFile, format: ReportFormat, params: Record<string, string | undefined>, lang: string): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  q.set('format', format);
  q.set('lang', lang);
  return `/api/reports/${report}/export/?${q.toString()}`;
};

export const journalExportUrl = (format: 'csv' | 'xlsx', from: string, to: string, lang: string): string =>
  `/api/accounting/journal-export/?${new URLSearchParams({ from, to, format, lang }).toString()}`;
