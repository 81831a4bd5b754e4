import { describe, expect, it } from 'vitest';
import { formatIban, isValidBic, isValidIban } from './bank';

describe('bank details', () => {
  it('accepts IBANs whose check digits match, with or without spaces', () => {
    expect(isValidIban('GR16 0110 1250 0000 0001 2300 695')).toBe(true);
    expect(isValidIban('CY17002001280000001200527600')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
  });
  it('refuses a mistyped digit and what is not an IBAN', () => {
    expect(isValidIban('GR16 0110 1250 0000 0001 2300 696')).toBe(false);
    expect(isValidIban('GR16')).toBe(false);
    expect(isValidIban('not an iban')).toBe(false);
  });
  it('checks the shape of a BIC and prints IBANs in groups of four', () => {
    expect(isValidBic('ETHNGRAA')).toBe(true);
    expect(isValidBic('BCYPCY2NXXX')).toBe(true);
    expect(isValidBic('ETHN')).toBe(false);
    expect(formatIban('cy17002001280000001200527600')).toBe('CY17 0020 0128 0000 0012 0052 7600');
  });
});
