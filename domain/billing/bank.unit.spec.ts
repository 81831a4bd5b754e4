import { describe, expect, it } from 'vitest';
import { formatIban, isValidBic, isValidIban } from './bank';

describe('bank details', () => {
  it('accepts IBANs of several countries, with or without spaces, in any case', () => {
    expect(isValidIban('GR16 0110 1250 0000 0001 2300 695')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('CY17002001280000001200527600')).toBe(true);
    expect(isValidIban('FR1420041010050500013M02606')).toBe(true);
    expect(isValidIban('NL91ABNA0417164300')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
    expect(isValidIban('gr16 0110 1250 0000 0001 2300 695')).toBe(true);
  });
  it('refuses a mistyped digit and what is not an IBAN', () => {
    expect(isValidIban('GR16 0110 1250 0000 0001 2300 696')).toBe(false);
    expect(isValidIban('GR16')).toBe(false);
    expect(isValidIban('not an iban')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
  it('refuses a wrong length for its country even when the mod-97 check digits match', () => {
    // Both have correct ISO 13616 check digits: a Greek IBAN is 27 characters, a German one 22.
    expect(isValidIban('GR15 0110 1250 0000 0001 2300 6951')).toBe(false);
    expect(isValidIban('DE51 3704 0044 0532 0130 0')).toBe(false);
  });
  it("refuses an account that breaks its country's format, and an unknown country", () => {
    // Check digits match, but a German account number is digits only; XX is no country.
    expect(isValidIban('DE05 3704 0044 0532 0130 0A')).toBe(false);
    expect(isValidIban('XX46 3704 0044 0532 0130 00')).toBe(false);
  });
  it('checks the shape and country of a BIC in any case, and prints IBANs in groups of four', () => {
    expect(isValidBic('ETHNGRAA')).toBe(true);
    expect(isValidBic('ethngraa')).toBe(true);
    expect(isValidBic('BCYPCY2NXXX')).toBe(true);
    expect(isValidBic('ETHN')).toBe(false);
    expect(isValidBic('ETHNXXAA')).toBe(false);
    expect(isValidBic('ETHNGRAA1')).toBe(false);
    expect(formatIban('cy17002001280000001200527600')).toBe('CY17 0020 0128 0000 0012 0052 7600');
  });
});
