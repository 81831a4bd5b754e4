import { SYSTEM_ACCOUNT_IDS } from '../accounting/accounts';
import { ValidationError, type FieldErrors } from '../shared/errors';
import type { PostedLines } from './events';
import type { VatCategory } from '../invoice/vat';

/** The spec's single-line entry: one side on the chosen account, the other on Suspense. */
export interface SingleLineEntry {
  date: string;
  accountId: string;
  debitCents: number;
  creditCents: number;
  description: string;
  /** Optional VAT tag of the chosen account's line (see JournalLine). */
  vatCategory?: VatCategory;
  vatRateBp?: number;
  vatSettlement?: boolean;
}

/** The single-line form's own rules (the balanced-entry rules follow in decide). */
export const singleLineErrors = (e: SingleLineEntry): FieldErrors => {
  const errors: FieldErrors = {};
  if (e.debitCents > 0 && e.creditCents > 0) {
    errors.debitCents = ['Enter either a debit or a credit, not both.'];
    errors.creditCents = ['Enter either a debit or a credit, not both.'];
  } else if (e.debitCents === 0 && e.creditCents === 0) {
    errors.debitCents = ['Enter a debit or a credit amount greater than zero.'];
  }
  // Suspense is the other side already: against itself the entry would post nothing real.
  if (e.accountId === SYSTEM_ACCOUNT_IDS.suspense) errors.accountId = ['Choose an account other than Suspense.'];
  return errors;
};

export const singleLineToPosted = (e: SingleLineEntry): PostedLines => {
  const errors = singleLineErrors(e);
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError('Please correct the errors below.', errors);
  return {
    date: e.date,
    description: e.description,
    lines: [
      {
        accountId: e.accountId,
        debitCents: e.debitCents,
        creditCents: e.creditCents,
        ...(e.vatCategory !== undefined ? { vatCategory: e.vatCategory } : {}),
        ...(e.vatRateBp !== undefined ? { vatRateBp: e.vatRateBp } : {}),
        ...(e.vatSettlement ? { vatSettlement: true } : {}),
      },
      { accountId: SYSTEM_ACCOUNT_IDS.suspense, debitCents: e.creditCents, creditCents: e.debitCents },
    ],
  };
};

