/**
 * Suppliers: whom the company buys from. A supplier is named on its bills, found by its VAT number
 * when an e-invoice arrives, and paid into its IBAN. Pure checks here; the service adds what needs
 * the database (the default account exists and takes expenses, no other supplier has the VAT number).
 */
import type { Account, SystemAccountKey } from '../accounting/accounts';
import { INVALID_IBAN, isValidIban, normaliseIban } from '../billing/bank';
import { isCountryCode, normaliseCountry, NOT_A_COUNTRY } from '../invoice/vat';
import type { FieldErrors } from '../shared/errors';
import { checkVatNumber, vatNumberWithoutPrefix } from '../tax/vat-number';

/** What a supplier is saved with: cents-free, rates in basis points, camelCase (the REST body is snake_case). */
export interface SaveSupplier {
  name: string;
  /** As the supplier writes it, country prefix included or not; '' when it has none (a private person, a non-EU seller). */
  vatNumber: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  address: string;
  /** Where the company pays it; null when unknown. */
  iban: string | null;
  /** The account a new bill line of this supplier is booked to (an expense or an asset); null: chosen per line. */
  defaultAccountId: string | null;
  /** A new bill line's VAT rate, in basis points (2400 = 24 %). */
  defaultVatRateBp: number;
  /** Days from a bill's date to its due date when the bill names none. */
  paymentTermsDays: number;
  expectedVersion?: number;
  expectedUpdatedAt?: string;
}

export const MAX_PAYMENT_TERMS_DAYS = 365;
export const PAYMENT_TERMS_RANGE = `Enter payment terms from 0 to ${MAX_PAYMENT_TERMS_DAYS} days.`;
export const VAT_RATE_RANGE = 'Enter a VAT rate from 0 to 100 %.';
export const VAT_NUMBER_TAKEN = 'Another supplier has this VAT number.';

/** A VAT number as compared: letters and digits only, upper case, without the country's prefix. */
export const vatNumberKey = vatNumberWithoutPrefix;

/** The command as stored: the country and IBAN normalised, texts trimmed. */
export const normaliseSupplier = (c: SaveSupplier): SaveSupplier => ({
  ...c,
  name: c.name.trim(),
  vatNumber: c.vatNumber.trim(),
  country: normaliseCountry(c.country),
  address: c.address.trim(),
  iban: c.iban === null || c.iban.trim() === '' ? null : normaliseIban(c.iban),
});

/**
 * The field errors of a normalised command, by the command's field names; empty when it may be saved.
 * The VAT number is checked against the country when either is new (`stored`: what the supplier has
 * now; a number kept from before the checks stays until it is changed).
 */
export const checkSupplier = (c: SaveSupplier, stored?: Pick<SaveSupplier, 'vatNumber' | 'country'>): FieldErrors => {
  const errors: FieldErrors = {};
  if (!isCountryCode(c.country)) errors.country = [NOT_A_COUNTRY];
  else if (!stored || stored.vatNumber !== c.vatNumber || stored.country !== c.country) {
    const refusal = checkVatNumber(c.vatNumber, c.country);
    if (refusal) errors.vatNumber = [refusal];
  }
  if (c.iban !== null && !isValidIban(c.iban)) errors.iban = [INVALID_IBAN];
  if (!Number.isInteger(c.defaultVatRateBp) || c.defaultVatRateBp < 0 || c.defaultVatRateBp > 10_000) errors.defaultVatRateBp = [VAT_RATE_RANGE];
  if (!Number.isInteger(c.paymentTermsDays) || c.paymentTermsDays < 0 || c.paymentTermsDays > MAX_PAYMENT_TERMS_DAYS) errors.paymentTermsDays = [PAYMENT_TERMS_RANGE];
  return errors;
};

export const ACCOUNT_NOT_PURCHASE = 'Choose an active expense or asset account: money accounts and the automatic ones take no purchases.';

/** The one account automatic postings use that purchases may also be booked to: a bank's own charges. */
const BOUGHT_TOO: ReadonlySet<SystemAccountKey> = new Set(['paymentFees']);

/**
 * Why a purchase may not be booked to `account`, or null when it may: only active expense and asset
 * accounts, never a money account (paying is another step) nor one that automatic postings own
 * (receivables, payments under dispute, bad debts).
 */
export const purchaseAccountRefusal = (account: Pick<Account, 'type' | 'cashFlowClass' | 'active' | 'systemKey'> | undefined): string | null => {
  if (!account || !account.active || account.cashFlowClass === 'cash') return ACCOUNT_NOT_PURCHASE;
  if (account.systemKey !== null && !BOUGHT_TOO.has(account.systemKey)) return ACCOUNT_NOT_PURCHASE;
  return account.type === 'expense' || account.type === 'asset' ? null : ACCOUNT_NOT_PURCHASE;
};
