import type { StatementBalance } from './statement';

/**
 * The proof that the books equal the bank, for one money account on one day. The bank's balance
 * and the ledger's differ by exactly what one side has seen and the other has not:
 *
 *   statement balance = ledger balance + unreconciled statement lines − unreconciled ledger movements
 *
 * Statement lines not reconciled yet are money the bank moved that the books do not hold; ledger
 * movements on no statement are money the books hold that the bank has not moved yet (a payment
 * recorded by hand before it cleared). Both are signed as the bank sees the account.
 */

export interface UnreconciledItem {
  id: string;
  /** YYYY-MM-DD: a statement line's booking date, a movement's posting date. */
  date: string;
  amountCents: number;
}

export interface ReconciliationReportInput {
  /** The statement's closing balance: the bank's word on the day. */
  statementClosing: StatementBalance;
  /** The money account's ledger balance as of the same day. */
  ledgerBalanceCents: number;
  unreconciledLines: readonly UnreconciledItem[];
  unreconciledMovements: readonly UnreconciledItem[];
}

export interface ReconciliationReport {
  date: string;
  statementBalanceCents: number;
  ledgerBalanceCents: number;
  unreconciledLines: UnreconciledItem[];
  unreconciledLinesCents: number;
  unreconciledMovements: UnreconciledItem[];
  unreconciledMovementsCents: number;
  /** Ledger balance + unreconciled lines − unreconciled movements: what the statement should say. */
  explainedBalanceCents: number;
  /** Statement balance − explained balance: 0 when the books account for every cent the bank holds. */
  differenceCents: number;
  /** The books equal the bank, every difference explained by an item listed. */
  proven: boolean;
  /** Proven with nothing left to reconcile: the ledger balance is the statement balance itself. */
  complete: boolean;
}

const byDate = (a: UnreconciledItem, b: UnreconciledItem): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const sum = (items: readonly UnreconciledItem[]): number => items.reduce((s, i) => s + i.amountCents, 0);

/**
 * The report's figures. Items dated after the statement's day are not part of that day's proof
 * and are left out, whatever the caller passed; items are listed oldest first.
 */
export const reconciliationReport = (input: ReconciliationReportInput): ReconciliationReport => {
  const { date, cents: statementBalanceCents } = input.statementClosing;
  const lines = input.unreconciledLines.filter((l) => l.date <= date).sort(byDate);
  const movements = input.unreconciledMovements.filter((m) => m.date <= date).sort(byDate);
  const unreconciledLinesCents = sum(lines);
  const unreconciledMovementsCents = sum(movements);
  const explainedBalanceCents = input.ledgerBalanceCents + unreconciledLinesCents - unreconciledMovementsCents;
  const differenceCents = statementBalanceCents - explainedBalanceCents;
  // Beyond 2^53 a sum is no longer exact, and an inexact figure proves nothing.
  const exact = [statementBalanceCents, input.ledgerBalanceCents, unreconciledLinesCents, unreconciledMovementsCents, explainedBalanceCents].every(Number.isSafeInteger);
  const proven = exact && differenceCents === 0;
  return {
    date,
    statementBalanceCents,
    ledgerBalanceCents: input.ledgerBalanceCents,
    unreconciledLines: lines,
    unreconciledLinesCents,
    unreconciledMovements: movements,
    unreconciledMovementsCents,
    explainedBalanceCents,
    differenceCents,
    proven,
    complete: proven && lines.length === 0 && movements.length === 0,
  };
};
