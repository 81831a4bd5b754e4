export interface InvoiceItemView {
  description: string;
  quantity: number;
  /** Euros. */
  unitPrice: number;
  /** Percent. */
  vatRate: number;
}

export interface InvoiceView {
  id: string;
  client: { id: string; name: string };
  invoiceNumber: string;
  date: string;
  dueDate: string;
  paid: boolean;
  sent: boolean;
  totalAmount: number;
  openAmount: number;
  items: InvoiceItemView[];
  version: number;
}

export interface InvoiceValues {
  client: string;
  invoiceNumber?: string;
  date: string;
  dueDate: string;
  paid: boolean;
  items: { description: string; quantity: number | string; unitPrice: number | string; vatRate: number | string }[];
}

export interface InvoiceFilterValues {
  clientId?: string;
  status?: 'paid' | 'unpaid';
  overdue?: boolean;
}
