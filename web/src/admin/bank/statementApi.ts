import type { MovementWire, OpenBillWire, OpenInvoiceWire, StatementImportWire, StatementLineWire, StatementWarning, StatementWire, SuggestionWire } from '../../../../api/platform/contracts/rest.contract';
import { http } from '../../api/http';

/** The bank's REST answers, declared once with the server (api/platform/contracts/rest.contract.ts). */
export type StatementView = StatementWire;
export type { StatementWarning };
export type ImportResult = StatementImportWire;
export type LineStatus = StatementLineWire['status'];
export type StatementLineView = StatementLineWire;
/** A movement already in the books on this account and not matched yet. */
export type MovementView = MovementWire;

/** One account of the chart, for the account picker. */
export interface ChartAccount {
  code: string;
  account_name: string;
  type: string;
  /** Not sent by every version of the endpoint: absent means active. */
  is_active?: boolean;
}

/** A part as the reconcile endpoint takes it (amounts in euros on the wire, signed as the line). */
export type WirePart =
  | { kind: 'account'; account: string; amount: string; vat_rate: number; description: string }
  | { kind: 'transfer'; money_account: string; amount: string }
  | { kind: 'movement'; movement: string; amount: string }
  | { kind: 'invoice'; invoice: string; amount: string }
  | { kind: 'client_credit'; client: string; amount: string }
  | { kind: 'bill'; bill: string; amount: string };

/** An invoice a line may pay, as the server's search answers it (euros). */
export type OpenInvoice = OpenInvoiceWire;
/** A supplier's bill money out may pay, as the server's search answers it (euros). */
export type OpenBill = OpenBillWire;

/** What the line most likely was, best first: its parts as `…/reconcile/` takes them, each with a label. */
export type SuggestionView = SuggestionWire;
export type SuggestionPart = SuggestionWire['parts'][number];

const base = (accountId: string) => `/api/bank-accounts/${encodeURIComponent(accountId)}`;

export const statementApi = {
  /** One statement file, multipart in the field `file`. */
  importFile: (accountId: string, file: File): Promise<ImportResult> => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<ImportResult>(`${base(accountId)}/statements/`, form);
  },
  statements: (accountId: string) => http.get<StatementView[]>(`${base(accountId)}/statements/`),
  /** One page of lines and the total. */
  lines: (accountId: string, status: LineStatus | 'all', limit: number, offset: number): Promise<{ items: StatementLineView[]; total: number }> => {
    const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
    if (status !== 'all') query.set('status', status);
    return http.page<StatementLineView>(`${base(accountId)}/statement-lines/?${query}`);
  },
  movements: (accountId: string) => http.get<MovementView[]>(`${base(accountId)}/movements/`),
  suggestions: (accountId: string, lineId: string) => http.get<SuggestionView[]>(`${base(accountId)}/statement-lines/${encodeURIComponent(lineId)}/suggestions/`),
  /** A page of the open invoices whose number or client holds `q`, or whose open amount it is. */
  openInvoices: (accountId: string, q: string) => http.get<OpenInvoice[]>(`${base(accountId)}/open-invoices/?${new URLSearchParams({ q, limit: '20' })}`),
  /** A page of the open bills whose supplier's number or name holds `q`, or whose open amount it is. */
  openBills: (accountId: string, q: string) => http.get<OpenBill[]>(`${base(accountId)}/open-bills/?${new URLSearchParams({ q, limit: '20' })}`),
  invoice: (id: string) => http.get<{ id: string; invoice_number: string | null }>(`/api/invoices/${encodeURIComponent(id)}/`),
  chart: () => http.get<ChartAccount[]>('/api/accounts/'),
  reconcile: (accountId: string, lineId: string, parts: WirePart[]) => http.post<StatementLineView>(`${base(accountId)}/statement-lines/${encodeURIComponent(lineId)}/reconcile/`, { parts }),
  unreconcile: (accountId: string, lineId: string) => http.post<StatementLineView>(`${base(accountId)}/statement-lines/${encodeURIComponent(lineId)}/unreconcile/`),
};
