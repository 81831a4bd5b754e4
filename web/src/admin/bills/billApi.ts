import type { BillDocumentWire } from '../../../../api/purchases/bill-documents';
import type { BillStatus, BillWire } from '../../../../api/purchases/bill.service';
import { http } from '../../api/http';

/**
 * A bill as REST answers it, declared once with the server: its amounts in its `currency` (a posted
 * bill in another also with its rate and its gross in euros as booked), VAT rates in percent.
 */
export type BillView = BillWire;
export type { BillStatus };
/** One of a bill's documents: its e-invoice as received or a file attached. */
export type BillDocumentView = BillDocumentWire;
export const BILL_STATUSES: readonly BillStatus[] = ['draft', 'open', 'partly_paid', 'paid'];

/** What `POST`/`PUT /api/bills/` take. */
export interface BillBody {
  supplier: string;
  invoice_number: string;
  date: string;
  due_date: string | null;
  items: Array<{
    description: string;
    account: string;
    quantity: number;
    unit_price: number;
    vat_rate: number;
    vat_category: string | null;
  }>;
  total_amount?: number | null;
  /** bill or credit_note; left out on an edit, the document stays what it was. */
  document_type?: BillView['document_type'];
  /** A credit note's: the supplier's posted bill it corrects. */
  credited_bill?: string | null;
  /** The currency the amounts are in: absent on a new bill, the euro; on an edit, what the draft was in. */
  currency?: string;
  version?: number;
}

/** A payment, in the bill's currency. */
export interface BillPaymentBody {
  amount: number;
  date: string;
  money_account: string;
  reference: string | null;
}

/** What `POST /api/bills/payments/` takes: one day, money account and reference for every bill. */
export interface BillPaymentsBody {
  money_account: string;
  date: string;
  reference: string | null;
  /** Each amount in its bill's currency. */
  payments: Array<{ bill: string; amount: number }>;
}

/** A money account as `/api/bank-accounts/` lists it (the fields the payment dialog needs). */
export interface MoneyAccountOption {
  id: string;
  name: string;
  is_default: boolean;
}

const one = (id: string) => `/api/bills/${encodeURIComponent(id)}/`;

/** A file as multipart, in the field `file` the server reads. */
const fileForm = (file: File): FormData => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

/** The bills' REST endpoints (there is no GraphQL for bills yet). */
export const billApi = {
  list: (status: BillStatus | 'all') => http.get<BillView[]>(status === 'all' ? '/api/bills/' : `/api/bills/?${new URLSearchParams({ status })}`),
  /** One supplier's bills, whatever their status. */
  ofSupplier: (supplier: string) => http.get<BillView[]>(`/api/bills/?${new URLSearchParams({ supplier })}`),
  create: (body: BillBody) => http.post<BillView>('/api/bills/', body),
  update: (id: string, body: BillBody) => http.put<BillView>(one(id), body),
  remove: (id: string) => http.delete<void>(one(id)),
  post: (id: string) => http.post<BillView>(`${one(id)}post/`),
  pay: (id: string, body: BillPaymentBody) => http.post<BillView>(`${one(id)}payments/`, body),
  /** Several bills paid at once: all of them or, refused, none. */
  payMany: (body: BillPaymentsBody) => http.post<BillView[]>('/api/bills/payments/', body),
  /** A supplier's e-invoice (UBL XML): the draft bill made of it. */
  importEinvoice: (file: File) => http.post<BillView>('/api/bills/import/', fileForm(file)),
  /** The original (PDF, PNG or JPEG) attached to a draft. */
  attachDocument: (id: string, file: File) => http.post<BillDocumentView>(`${one(id)}documents/`, fileForm(file)),
  removeDocument: (id: string, documentId: string) => http.delete<void>(`${one(id)}documents/${encodeURIComponent(documentId)}/`),
  moneyAccounts: () => http.get<MoneyAccountOption[]>('/api/bank-accounts/'),
};
