export interface InvoiceItemView {
  description: string;
  quantity: number;
  /** In the invoice's currency. */
  unitPrice: number;
  /** Percent. */
  vatRate: number;
  /** S, Z, E or AE (reverse charge). */
  vatCategory?: string;
  vatExemptionReason?: string | null;
  /** The catalogue product the line sells (its myDATA classification follows it); none: typed in. */
  productId?: string | null;
}

export interface InvoiceView {
  id: string;
  client: { id: string; name: string };
  invoiceNumber: string;
  date: string;
  dueDate: string;
  paid: boolean;
  sent: boolean;
  /** ISO 4217: the currency of every amount of it (its items', its payments'); EUR unless its client is invoiced in another. */
  currency: string;
  totalAmount: number;
  openAmount: number;
  /** Payments so far; below the total (and not cancelled) the invoice is partly paid. */
  paidAmount: number;
  creditedAmount: number;
  /** Sent or paid: only the due date may still change; corrected by credit notes. */
  issued: boolean;
  /** Fully credited. */
  cancelled: boolean;
  /** Written off as a bad debt (absent on views built before write-offs existed). */
  writtenOff?: boolean;
  writtenOffAmount?: number;
  writtenOffOn?: string | null;
  /** What payments after the write-off recovered of it. */
  recoveredAmount?: number;
  reverseCharge: boolean;
  items: InvoiceItemView[];
  version: number;
}

export interface InvoiceValues {
  client: string;
  invoiceNumber?: string;
  date: string;
  dueDate: string;
  paid: boolean;
  items: EditableItem[];
}

/** A line as the form holds it; an empty category lets the server decide (S, Z, or AE). */
export interface EditableItem {
  description: string;
  quantity: number | string;
  unitPrice: number | string;
  vatRate: number | string;
  vatCategory?: string | null;
  vatExemptionReason?: string | null;
  /** The catalogue product the line sells; empty: none. */
  productId?: string | null;
}

export interface InvoiceFilterValues {
  clientId?: string;
  status?: 'paid' | 'unpaid';
  overdue?: boolean;
}
