import { http } from '../../api/http';

/** An item the report lists as not reconciled yet (euros, signed as the bank sees the account). */
export interface ReportItemView {
  id: string;
  date: string;
  description: string;
  amount: number;
}

/** GET /api/bank-accounts/{id}/reconciliation-report/ (euros). */
export interface ReconciliationReportView {
  money_account: string;
  statement: string;
  /** The closing day of the statement the report stands on. */
  date: string;
  statement_balance: number;
  ledger_balance: number;
  unreconciled_lines: ReportItemView[];
  unreconciled_lines_total: number;
  unreconciled_movements: ReportItemView[];
  unreconciled_movements_total: number;
  explained_balance: number;
  difference: number;
  proven: boolean;
  complete: boolean;
}

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
