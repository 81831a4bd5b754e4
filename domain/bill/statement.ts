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
}

export interface SupplierStatementLine {
  date: string;
  kind: 'bill' | 'payment';
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

export const supplierStatement = (bills: readonly StatementBill[], from: string, to: string): SupplierStatement => {
  let openingCents = 0;
  const moves: Array<Omit<SupplierStatementLine, 'balanceCents'>> = [];
  for (const b of bills) {
    const entries = [
      { date: b.date, kind: 'bill' as const, reference: null, amountCents: b.grossCents },
      ...b.payments.map((p) => ({ date: p.date, kind: 'payment' as const, reference: p.reference, amountCents: -p.amountCents })),
    ];
    for (const e of entries) {
      if (e.date < from) openingCents += e.amountCents;
      else if (e.date <= to) moves.push({ ...e, billId: b.billId, supplierInvoiceNumber: b.supplierInvoiceNumber });
    }
  }
  // By day, a day's bills before its payments, then by number: the same order every time.
  moves.sort((a, b) => a.date.localeCompare(b.date) || (a.kind === b.kind ? 0 : a.kind === 'bill' ? -1 : 1) || a.supplierInvoiceNumber.localeCompare(b.supplierInvoiceNumber));
  let balance = openingCents;
  const lines = moves.map((m) => ({ ...m, balanceCents: (balance += m.amountCents) }));
  return { from, to, openingCents, lines, closingCents: balance };
};
