import type { ExchangeRateWire, ManualRateBody, RateImportAnswer, RevaluationItemWire, RevaluationWire } from '../../../../api/platform/contracts/rest.contract';
import { http } from '../../api/http';

/** The exchange rates' REST answers, declared once with the server (api/platform/contracts/rest.contract.ts). */
export type ExchangeRateView = ExchangeRateWire;
export type { ManualRateBody, RateImportAnswer };

/** The history's filter: a currency (all when absent) and the days from and to, each optional. */
export interface RateFilter {
  currency?: string;
  from?: string;
  to?: string;
}

const BASE = '/api/exchange-rates/';

/** The revaluation's answer, declared once with the server (api/platform/contracts/rest.contract.ts). */
export type RevaluationItem = RevaluationItemWire;
export type RevaluationAnswer = RevaluationWire;

export const ratesApi = {
  /** One page of the rates, newest first, and the total (X-Total-Count). */
  list: (filter: RateFilter, limit: number, offset: number): Promise<{ items: ExchangeRateView[]; total: number }> => {
    const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
    for (const name of ['currency', 'from', 'to'] as const) if (filter[name]) query.set(name, filter[name]);
    return http.page<ExchangeRateView>(`${BASE}?${query}`);
  },
  /** Each currency's newest rate in effect. */
  latest: () => http.get<ExchangeRateView[]>(`${BASE}latest/`),
  /** A rate typed in by hand: it wins over the ECB's on its day, and replaces one entered before for that day. */
  save: (body: ManualRateBody) => http.post<ExchangeRateView>(BASE, body),
  /** Removes a manual rate: the ECB's of that day, if any, applies again. */
  remove: (currency: string, date: string) => http.delete<void>(`${BASE}${encodeURIComponent(currency)}/${encodeURIComponent(date)}/`),
  /** One of the ECB's files as published (XML or CSV), multipart in the field `file`. */
  importFile: (file: File): Promise<RateImportAnswer> => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<RateImportAnswer>(`${BASE}import/`, form);
  },
  /** Revalues the receivables and payables open in other currencies on `date` at that day's rates: posted on the day, reversed the next. */
  revalue: (date: string) => http.post<RevaluationAnswer>('/api/accounting/revaluation/', { date }),
  /** A revalued document's number: an invoice's own, a bill's as its supplier numbered it. */
  documentNumber: async (kind: 'invoice' | 'bill', id: string): Promise<string | null> =>
    (await http.get<{ invoice_number?: string | null }>(`/api/${kind === 'invoice' ? 'invoices' : 'bills'}/${encodeURIComponent(id)}/`)).invoice_number || null,
};
