/**
 * The seller's bank details printed on invoices and carried by e-invoices (EN 16931 BT-84, BT-86).
 * An IBAN is checked by its ISO 13616 mod-97 check digits, so a typing error never reaches a client.
 */
export const normaliseIban = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

export const isValidIban = (value: string): boolean => {
  const iban = normaliseIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
};

/** ISO 9362: bank (4 letters), country (2), location (2), optional branch (3). */
export const isValidBic = (value: string): boolean => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normaliseIban(value));

/** Groups of four, as IBANs are printed. */
export const formatIban = (value: string): string => normaliseIban(value).replace(/(.{4})(?=.)/g, '$1 ');

export const INVALID_IBAN = 'Enter a valid IBAN (its check digits do not match).';
export const INVALID_BIC = 'Enter a valid BIC (8 or 11 letters and digits).';
