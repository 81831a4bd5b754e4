import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../shared/errors';
import { vatNumberWithoutPrefix } from '../vat-number';
import { counterpartParty, issuerParty, postalCodeAndCity } from './parties';
import { BUYER_DE, BUYER_GR, BUYER_US, SELLER } from './test/documents';

describe('myDATA parties', () => {
  it('writes VAT numbers without their country prefix, spaces, dots or dashes (EL and GR for Greece)', () => {
    expect(vatNumberWithoutPrefix('EL801234560', 'GR')).toBe('801234560');
    expect(vatNumberWithoutPrefix('gr 801.234.560', 'GR')).toBe('801234560');
    expect(vatNumberWithoutPrefix('801234560', 'GR')).toBe('801234560');
    expect(vatNumberWithoutPrefix('DE 123 456 789', 'DE')).toBe('123456789');
    expect(vatNumberWithoutPrefix('ATU12345678', 'AT')).toBe('U12345678');
    // Another country's prefix is the number as registered: kept.
    expect(vatNumberWithoutPrefix('CY10000000X', 'DE')).toBe('CY10000000X');
    expect(vatNumberWithoutPrefix('', 'US')).toBe('');
  });

  it('names a Greek issuer and counterpart by AFM alone: AADE refuses their name and address', () => {
    expect(issuerParty(SELLER)).toEqual({ vatNumber: '801234560', country: 'GR', branch: 0 });
    expect(counterpartParty(BUYER_GR)).toEqual({ vatNumber: '094014201', country: 'GR', branch: 0 });
  });

  it('names and addresses a counterpart abroad', () => {
    expect(counterpartParty(BUYER_DE)).toEqual({ vatNumber: '123456789', country: 'DE', branch: 0, name: 'Kunde GmbH', address: { street: 'Friedrichstraße 43', postalCode: '10117', city: 'Berlin' } });
    expect(counterpartParty(BUYER_US).address).toEqual({ street: '1 Main Street', postalCode: '10001', city: 'New York, NY' });
    // One line: split at its last comma.
    expect(counterpartParty({ ...BUYER_DE, address: 'Friedrichstraße 43, 10117 Berlin' }).address).toEqual({ street: 'Friedrichstraße 43', postalCode: '10117', city: 'Berlin' });
    expect(counterpartParty({ ...BUYER_DE, name: 'X'.repeat(250) }).name).toHaveLength(200);
  });

  it('reads a postal code that leads or ends the last line of an address', () => {
    expect(postalCodeAndCity('105 64 Αθήνα')).toEqual({ postalCode: '105 64', city: 'Αθήνα' });
    expect(postalCodeAndCity('10117 Berlin')).toEqual({ postalCode: '10117', city: 'Berlin' });
    expect(postalCodeAndCity('1012 AB Amsterdam')).toEqual({ postalCode: '1012 AB', city: 'Amsterdam' });
    expect(postalCodeAndCity('L-1234 Luxembourg')).toEqual({ postalCode: 'L-1234', city: 'Luxembourg' });
    expect(postalCodeAndCity('Λεμεσός 3036')).toEqual({ postalCode: '3036', city: 'Λεμεσός' });
    expect(postalCodeAndCity('Seattle, WA 98101-1234')).toEqual({ postalCode: '98101-1234', city: 'Seattle, WA' });
    expect(postalCodeAndCity('London SW1A 1AA')).toEqual({ postalCode: 'SW1A 1AA', city: 'London' });
    expect(postalCodeAndCity('Ottawa ON K1A 0B1')).toEqual({ postalCode: 'K1A 0B1', city: 'Ottawa ON' });
    expect(postalCodeAndCity('Αθήνα 105 64')).toEqual({ postalCode: '105 64', city: 'Αθήνα' });
    expect(postalCodeAndCity('Dubai')).toBeNull();
    expect(postalCodeAndCity('12 Main Street')).toBeNull();
    expect(postalCodeAndCity('10117')).toBeNull();
  });

  it('refuses what myDATA cannot name: an issuer outside Greece, a Greek party without an AFM, a foreign buyer without a number or a postal code', () => {
    expect(() => issuerParty({ ...SELLER, country: 'CY' })).toThrow('myDATA is for businesses established in Greece');
    expect(() => issuerParty({ ...SELLER, vatNumber: 'EL12345' })).toThrow(`myDATA needs the company's Greek VAT number (AFM, nine digits): ${SELLER.name} has "EL12345".`);
    expect(() => counterpartParty({ ...BUYER_GR, vatNumber: '' })).toThrow(ValidationError);
    expect(() => counterpartParty({ ...BUYER_US, vatNumber: ' ' })).toThrow("myDATA needs the buyer's VAT or tax number: Client & Sons Inc. has none.");
    expect(() => counterpartParty({ ...BUYER_US, address: '1 Main Street\nDubai' })).toThrow(/postal code and city of a buyer outside Greece/);
    expect(() => counterpartParty({ ...BUYER_US, address: '' })).toThrow(ValidationError);
    expect(() => counterpartParty({ ...BUYER_US, vatNumber: '9'.repeat(31) })).toThrow(/at most 30 characters/);
  });
});
