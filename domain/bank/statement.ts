/**
 * A bank statement as the books read it, whatever file it came in (camt.053, MT940, OFX, CSV).
 * Amounts are integer cents in the statement's currency; a line's amount is signed as the bank
 * sees the account: money in is positive, money out negative.
 */
export interface StatementBalance {
  /** YYYY-MM-DD. */
  date: string;
  cents: number;
}

export interface StatementLine {
  /** The day the bank booked it (YYYY-MM-DD): the day the books record it on. */
  bookingDate: string;
  /** The day the money counts for interest (YYYY-MM-DD), the booking date when the file has none. */
  valueDate: string;
  /** Signed: positive for money in, negative for money out. Never 0. */
  amountCents: number;
  /** The remittance information as the bank gives it (unstructured text, joined with spaces). */
  description: string;
  counterpartyName: string | null;
  /** Normalised: upper case, no spaces. */
  counterpartyIban: string | null;
  /** The structured reference the payer gave (an RF creditor reference, an end-to-end id), as written. */
  reference: string | null;
  /** The bank's own id of the entry (camt AcctSvcrRef, MT940 bank reference, OFX FITID), when it has one. */
  bankReference: string | null;
}

export interface Statement {
  /** The file's format, as detected. */
  format: 'camt.053' | 'mt940' | 'ofx' | 'csv';
  /** The statement's id in the bank's numbering, when the file has one. */
  statementId: string | null;
  /** The account the statement is for, normalised (upper case, no spaces); null when the file does not say (CSV). */
  iban: string | null;
  /** ISO 4217, upper case. */
  currency: string;
  /** Null only for a CSV file, which carries no balances. */
  opening: StatementBalance | null;
  closing: StatementBalance | null;
  lines: StatementLine[];
}

/** Why a file was refused: `where` names the line (text formats) or element (XML) in the user's terms. */
export class StatementFileError extends Error {
  constructor(
    message: string,
    readonly where: string | null = null,
  ) {
    super(where ? `${where}: ${message}` : message);
    this.name = 'StatementFileError';
  }
}
