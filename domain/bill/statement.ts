/**
 * A supplier's statement over a period: what was owed when it began, each posted bill (owed more)
 * and each payment (owed less) in it by day, with the running balance, and what was owed at its end.
 * Pure: the bills as the read model holds them.
 */
export interface StatementBill {
  billId: string;
  supplierInvoiceNumber: string;
  date: string;
  dueDate: string;
  grossCents: number;
  payments: Array<{ paymentId: string; date: string; amountCents: number; reference: string | null }>;
  /** A supplier credit note: owed less when posted, owed more by each refund the supplier paid on it. */
  credit?: boolean;
}

export interface SupplierStatementLine {
  date: string;
  kind: 'bill' | 'payment' | 'credit_note' | 'refund';
  billId: string;
  /** The supplier's invoice number (a payment names the bill it paid). */
  supplierInvoiceNumber: string;
  reference: string | null;
  /** What the line adds to what is owed: a bill positive, a payment negative. */
  amountCents: number;
  balanceCents: number;
}

export interface SupplierStatement {
  from: string;
  to: string;
  openingCents: number;
  lines: SupplierStatementLine[];
  closingCents: number;
}

/** A day's documents come before its payments and refunds. */
const rank = (kind: SupplierStatementLine['kind']): number => (kind === 'bill' || kind === 'credit_note' ? 0 : 1);

export const supplierStatement = (bills: readonly StatementBill[], from: string, to: string): SupplierStatement => {
  let openingCents = 0;
  const moves: Array<Omit<SupplierStatementLine, 'balanceCents'>> = [];
  for (const b of bills) {
    const sign = b.credit ? -1 : 1;
    const entries = [
      { date: b.date, kind: b.credit ? ('credit_note' as const) : ('bill' as const), reference: null, amountCents: sign * b.grossCents },
      ...b.payments.map((p) => ({ date: p.date, kind: b.credit ? ('refund' as const) : ('payment' as const), reference: p.reference, amountCents: -sign * p.amountCents })),
    ];
    for (const e of entries) {
      if (e.date < from) openingCents += e.amountCents;
      else if (e.date <= to) moves.push({ ...e, billId: b.billId, supplierInvoiceNumber: b.supplierInvoiceNumber });
    }
  }
  // By day, a day's bills before its payments, then by number: the same order every time.
  moves.sort((a, b) => a.date.localeCompare(b.date) || (rank(a.kind) - rank(b.kind)) || a.supplierInvoiceNumber.localeCompare(b.supplierInvoiceNumber));
  let balance = openingCents;
  const lines = moves.map((m) => ({ ...m, balanceCents: (balance += m.amountCents) }));
  return { from, to, openingCents, lines, closingCents: balance };
};
