import { decide, type InvoiceCommand } from '../decide';
import type { InvoiceEvent } from '../events';
import { foldInvoice, type InvoiceState } from '../invoice';

/**
 * The invoice the domain's unit tests start from: 2026-000001 of client c1, dated 2026-03-01, one
 * line of 100.00 net at `vatRateBp` (19 % by default: 119.00 gross). Test support only.
 */
export const issuedInvoice = (vatRateBp = 1900): InvoiceEvent => {
  const vatCents = (10000 * vatRateBp) / 10000;
  const totals = { netCents: 10000, vatCents, grossCents: 10000 + vatCents };
  return {
    type: 'InvoiceIssued',
    data: {
      invoiceId: 'i1',
      invoiceNumber: '2026-000001',
      clientId: 'c1',
      date: '2026-03-01',
      dueDate: '2026-03-15',
      lines: [{ description: 'Plan', quantity: 1, unitPriceCents: 10000, vatRateBp, ...totals, vatCategory: vatRateBp ? 'S' : 'Z' }],
      totals,
      period: null,
      parties: null,
    },
  };
};

export const sentInvoice: InvoiceEvent = { type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'a@b.c', sentAt: '2026-03-01T10:00:00.000Z' } };

/** Given the events, each command decided on the state so far: the events decided and the state after them. */
export const decideInTurn = (given: InvoiceEvent[], ...commands: InvoiceCommand[]): { events: InvoiceEvent[]; state: InvoiceState } => {
  const out: InvoiceEvent[] = [];
  for (const c of commands) out.push(...decide(c, foldInvoice([...given, ...out])));
  return { events: out, state: foldInvoice([...given, ...out]) };
};

/** The state's invoice, failing the test when there is none. */
export const liveInvoice = (s: InvoiceState): Exclude<InvoiceState, { status: 'empty' }> => {
  if (s.status === 'empty') throw new Error('no invoice');
  return s;
};
