import { describe, expect, it } from 'vitest';
import { EU_COUNTRIES } from '../invoice/vat';
import { checkVatNumber, prefixedVatNumber, VAT_NUMBER_RULES, vatNumberRefusal } from './vat-number';

describe('VAT numbers', () => {
  it('has a rule for every member state, and each example passes its own check', () => {
    expect(Object.keys(VAT_NUMBER_RULES).sort()).toEqual([...EU_COUNTRIES].sort());
    for (const [country, r] of Object.entries(VAT_NUMBER_RULES)) {
      expect(vatNumberRefusal(r.example, country), country).toBeNull();
      expect(r.example.startsWith(r.prefix), country).toBe(true);
    }
  });

  it('takes a number written with spaces, dots, lower case or without its prefix', () => {
    expect(vatNumberRefusal('DE 812 871 812', 'DE')).toBeNull();
    expect(vatNumberRefusal('de812871812', 'DE')).toBeNull();
    expect(vatNumberRefusal('812871812', 'DE')).toBeNull();
    expect(vatNumberRefusal('NL8200.98.395.B.01', 'NL')).toBeNull();
    expect(vatNumberRefusal('094014201', 'GR')).toBeNull();
    expect(vatNumberRefusal('GR094014201', 'GR')).toBeNull();
    expect(prefixedVatNumber('094014201', 'GR')).toBe('EL094014201');
    expect(prefixedVatNumber('GR 094014201', 'GR')).toBe('EL094014201');
    expect(prefixedVatNumber('u13585627', 'AT')).toBe('ATU13585627');
  });

  it('refuses a wrong check digit, naming the expected format', () => {
    const r = vatNumberRefusal('DE123456789', 'DE');
    expect(r).toMatchObject({ reason: 'check_digits', prefix: 'DE', format: '9 digits' });
    expect(checkVatNumber('DE123456789', 'DE')).toBe("This VAT number's check digits are wrong (a typing error?): a VAT number of DE is DE followed by 9 digits (e.g. DE812871812).");
    expect(vatNumberRefusal('CY10000000X', 'CY')?.reason).toBe('check_digits');
  });

  it('refuses a number of the wrong shape or another member state', () => {
    expect(vatNumberRefusal('CY123', 'CY')?.reason).toBe('format');
    expect(checkVatNumber('12', 'DE')).toMatch(/^This is not a VAT number of DE: a VAT number of DE is DE followed by 9 digits/);
    expect(vatNumberRefusal('DE812871812', 'CY')).toMatchObject({ reason: 'prefix', given: 'DE', country: 'CY' });
    expect(checkVatNumber('DE812871812', 'CY')).toMatch(/^This VAT number starts with DE, another member state's prefix/);
  });

  it('keeps numbers of other countries and empty ones as written', () => {
    expect(vatNumberRefusal('', 'DE')).toBeNull();
    expect(vatNumberRefusal('  ', 'DE')).toBeNull();
    expect(vatNumberRefusal('CHE-123.456.789', 'CH')).toBeNull();
    expect(vatNumberRefusal('GB123456789', 'GB')).toBeNull();
    expect(vatNumberRefusal('12-3456789', 'US')).toBeNull();
  });
});
