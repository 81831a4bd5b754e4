import { formatIban } from '../billing/bank';
import type { Statement, StatementBalance } from './statement';
import { formatAmount } from './statement-checks';

/**
 * Whether a statement read from a file may go into a money account, and what its import should
 * warn about. Pure: the adapter reads the accounts and the previous statement, then writes.
 */

/** A money account as the import checks it. */
export interface ImportAccount {
  id: string;
  name: string;
  kind: 'bank' | 'cash';
  /** Normalised (upper case, no spaces), or null. */
  iban: string | null;
}

/** The currency the books keep; statements in another wait for foreign currencies. */
export const BOOKS_CURRENCY = 'EUR';

/**
 * Why `statement` may not be imported into `account` (a sentence naming both IBANs), or null when
 * it may: a cash box has no bank statements; a statement that names an account must name this one
 * (never another money account's, and this account must have that IBAN); its currency is the books'.
 * A CSV file names no account: the user chose it by importing into it.
 */
export const statementRefusal = (statement: Statement, account: ImportAccount, others: readonly ImportAccount[]): string | null => {
  if (account.kind === 'cash') return `${account.name} is cash on hand, which has no bank statements: import the file into the bank account it belongs to.`;
  if (statement.iban !== null && statement.iban !== account.iban) {
    const owner = others.find((a) => a.id !== account.id && a.iban === statement.iban);
    const stated = formatIban(statement.iban);
    if (owner) return `This statement is for ${owner.name} (${stated}), not for ${account.name}: import it there.`;
    if (account.iban === null) return `This statement is for ${stated}; enter that IBAN on ${account.name} first, so its statements can be checked against it.`;
    return `This statement is for ${stated}, but ${account.name} is ${formatIban(account.iban)}.`;
  }
  if (statement.currency !== BOOKS_CURRENCY) return `This statement is in ${statement.currency}; the books keep ${BOOKS_CURRENCY} (statements in other currencies are not supported yet).`;
  return null;
};

/** The statement this one follows: the account's last before it, with its closing balance. */
export interface PreviousStatement {
  closing: StatementBalance;
}

/**
 * Opening balance minus the previous statement's closing balance, when both are known and they
 * differ (a statement missed, or a line the bank booked between them): the import is accepted and
 * the gap is shown. Null when there is nothing to compare or they agree.
 */
export const openingGap = (statement: Statement, previous: PreviousStatement | null): number | null => {
  if (!statement.opening || !previous) return null;
  const gap = statement.opening.cents - previous.closing.cents;
  return gap === 0 ? null : gap;
};

/** The warning the admin sees for a gap, in the statement's currency. */
export const openingGapMessage = (statement: Statement, previous: PreviousStatement, gapCents: number): string =>
  `The opening balance ${formatAmount(statement.opening!.cents, statement.currency)} on ${statement.opening!.date} differs from the previous statement's closing balance ` +
  `${formatAmount(previous.closing.cents, statement.currency)} on ${previous.closing.date} by ${formatAmount(gapCents, statement.currency)}: a statement may be missing.`;

/** The first and last booking dates of the lines, or null for a statement without lines. */
export const bookingRange = (statement: Statement): { first: string; last: string } | null => {
  if (!statement.lines.length) return null;
  let first = statement.lines[0]!.bookingDate;
  let last = first;
  for (const line of statement.lines) {
    if (line.bookingDate < first) first = line.bookingDate;
    if (line.bookingDate > last) last = line.bookingDate;
  }
  return { first, last };
};
