import type { ReconciliationReportWire, ReportItemWire } from '../../../../api/platform/contracts/rest.contract';
import { http } from '../../api/http';

/** GET /api/bank-accounts/{id}/reconciliation-report/ (euros), declared once with the server. */
export type ReconciliationReportView = ReconciliationReportWire;
export type ReportItemView = ReportItemWire;

const base = (accountId: string) => `/api/bank-accounts/${encodeURIComponent(accountId)}/reconciliation-report`;

const query = (params: Record<string, string | undefined>): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const text = q.toString();
  return text ? `?${text}` : '';
};

export const reportApi = {
  report: (accountId: string, date?: string) => http.get<ReconciliationReportView>(`${base(accountId)}/${query({ date })}`),
  /** The same report as the server's PDF or XLSX, a same-origin download with the session. */
  fileUrl: (accountId: string, format: 'pdf' | 'xlsx', date: string | undefined, lang: string) => `${base(accountId)}/export/${query({ format, date, lang })}`,
};
