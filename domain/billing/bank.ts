import { isValidBIC, isValidIBAN } from 'ibantools';

/**
 * The seller's bank details printed on invoices and carried by e-invoices (EN 16931 BT-84, BT-86).
 * IBANs and BICs are checked by ibantools, which knows each country's IBAN length and account
 * format as well as the ISO 13616 mod-97 check digits, so a typing error never reaches a client.
 */
export const normaliseIban = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

// ibantools reads its country table by upper-case code and its account formats are upper case,
// so a value is normalised before it is asked.
export const isValidIban = (value: string): boolean => isValidIBAN(normaliseIban(value));

/** ISO 9362: bank (4 letters), a known country (2), location (2), optional branch (3). */
export const isValidBic = (value: string): boolean => isValidBIC(normaliseIban(value));

/** Groups of four, as IBANs are printed. */
export const formatIban = (value: string): string => normaliseIban(value).replace(/(.{4})(?=.)/g, '$1 ');

export const INVALID_IBAN = 'Enter a valid IBAN (its check digits do not match).';
export const INVALID_BIC = 'Enter a valid BIC (8 or 11 letters and digits).';
