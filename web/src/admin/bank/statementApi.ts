import { ApiError, http, readCookie } from '../../api/http';

/** An imported statement as GET /api/bank-accounts/{id}/statements/ answers it (euros). */
export interface StatementView {
  id: string;
  format: string;
  statement_id: string | null;
  opening_balance: { date: string; amount: number } | null;
  closing_balance: { date: string; amount: number } | null;
  first_booking_date: string | null;
  last_booking_date: string | null;
  lines_in_file: number;
  lines_added: number;
  /** Opening minus the previous statement's closing, when they differ (euros). */
  opening_gap: number | null;
  file_name: string;
  imported_at: string;
}

export interface StatementWarning {
  code: 'OPENING_GAP' | 'NOTHING_NEW';
  message: string;
}

export interface ImportResult {
  statement: StatementView | null;
  lines_in_file: number;
  lines_added: number;
  lines_already_imported: number;
  warnings: StatementWarning[];
}

export type LineStatus = 'open' | 'reconciled';

export interface StatementLineView {
  id: string;
  statement: string;
  booking_date: string;
  value_date: string;
  /** Euros, signed as the bank sees the account: money in positive. */
  amount: number;
  description: string;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  reference: string | null;
  bank_reference: string | null;
  status: LineStatus;
  reconciliation: { id: string; parts: Array<Record<string, unknown>>; reconciled_at: string } | null;
}

/** A movement already in the books on this account and not matched yet. */
export interface MovementView {
  id: string;
  date: string;
  description: string;
  source: string;
  amount: number;
}

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
  | { kind: 'client_credit'; client: string; amount: string };

/** An unpaid invoice as GET /api/invoices/?status=unpaid answers it (the fields the picker reads; euros). */
export interface OpenInvoice {
  id: string;
  invoice_number: string | null;
  client: { id: string; name: string };
  date: string;
  total_amount: number;
  /** Total less paid and credited, as the server computes it. */
  open_amount: number;
  issued: boolean;
  cancelled: boolean;
  written_off: boolean;
}

/** One part of a suggestion as the server gives it. */
export interface SuggestionPart {
  kind: string;
  amount: number;
  label: string;
  [field: string]: unknown;
}

/** What the line most likely was, best first: its parts as `…/reconcile/` takes them, each with a label. */
export interface SuggestionView {
  score: number;
  reasons: string[];
  parts: SuggestionPart[];
}

const base = (accountId: string) => `/api/bank-accounts/${encodeURIComponent(accountId)}`;

/** The CSRF header the JSON calls send (http.ts's cookie), for the one multipart call. */
const csrfHeader = (): Record<string, string> => {
  const token = readCookie('csrftoken');
  return token ? { 'X-CSRFToken': decodeURIComponent(token) } : {};
};

/** An answer's JSON, or an ApiError with the server's message and field errors. */
const readAnswer = async <T>(res: Response): Promise<T> => {
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const body = (data ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
    const message = typeof body.message === 'string' ? body.message : undefined;
    throw new ApiError(res.status, message ?? `Request failed with status code ${res.status}`, body.errors, !!message);
  }
  return data as T;
};

const send = async (path: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(path, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch (err) {
    throw new ApiError(0, err instanceof Error ? err.message : String(err));
  }
};

export const statementApi = {
  /** One statement file, multipart in the field `file`. */
  importFile: async (accountId: string, file: File): Promise<ImportResult> => {
    const form = new FormData();
    form.append('file', file, file.name);
    return readAnswer<ImportResult>(await send(`${base(accountId)}/statements/`, { method: 'POST', body: form, headers: csrfHeader() }));
  },
  statements: (accountId: string) => http.get<StatementView[]>(`${base(accountId)}/statements/`),
  /** One page of lines and the total (X-Total-Count, which http.ts does not pass on). */
  lines: async (accountId: string, status: LineStatus | 'all', limit: number, offset: number): Promise<{ items: StatementLineView[]; total: number }> => {
    const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
    if (status !== 'all') query.set('status', status);
    const res = await send(`${base(accountId)}/statement-lines/?${query}`, { method: 'GET' });
    const items = await readAnswer<StatementLineView[]>(res);
    const total = Number(res.headers.get('X-Total-Count'));
    return { items, total: Number.isFinite(total) ? total : items.length };
  },
  movements: (accountId: string) => http.get<MovementView[]>(`${base(accountId)}/movements/`),
  suggestions: (accountId: string, lineId: string) => http.get<SuggestionView[]>(`${base(accountId)}/statement-lines/${encodeURIComponent(lineId)}/suggestions/`),
  openInvoices: () => http.get<OpenInvoice[]>('/api/invoices/?status=unpaid'),
  invoice: (id: string) => http.get<{ id: string; invoice_number: string | null }>(`/api/invoices/${encodeURIComponent(id)}/`),
  chart: () => http.get<ChartAccount[]>('/api/accounts/'),
  reconcile: (accountId: string, lineId: string, parts: WirePart[]) => http.post<StatementLineView>(`${base(accountId)}/statement-lines/${encodeURIComponent(lineId)}/reconcile/`, { parts }),
  unreconcile: (accountId: string, lineId: string) => http.post<StatementLineView>(`${base(accountId)}/statement-lines/${encodeURIComponent(lineId)}/unreconcile/`),
};
