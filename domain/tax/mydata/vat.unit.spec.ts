import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../shared/errors';
import { myDataLineVat, VAT_EXEMPTION } from './vat';

const s = (vatRateBp: number) => ({ vatCategory: 'S' as const, vatRateBp });
const zero = (vatCategory: 'E' | 'AE' | 'Z') => ({ vatCategory, vatRateBp: 0 });

describe('myDATA VAT of a line', () => {
  it("maps each rate AADE knows to its category: 24 % 1, 13 % 2, 6 % 3, 17 % 4, 9 % 5, 4 % 6", () => {
    expect([2400, 1300, 600, 1700, 900, 400].map((bp) => myDataLineVat(s(bp), 'domestic'))).toEqual([1, 2, 3, 4, 5, 6].map((vatCategory) => ({ vatCategory })));
  });

  it('refuses a rate AADE has no category for, naming it', () => {
    expect(() => myDataLineVat(s(1900), 'domestic')).toThrow(ValidationError);
    expect(() => myDataLineVat(s(1900), 'domestic')).toThrow('myDATA has no VAT category for a rate of 19 %: AADE knows 24, 13, 6, 17, 9 or 4 %.');
    expect(() => myDataLineVat(s(550), 'intra_eu')).toThrow('a rate of 5.5 %');
    expect(() => myDataLineVat(s(300), 'domestic')).toThrow('a rate of 3 %');
  });

  it('charges no VAT (7) on E, AE and Z lines and says why: exempt activity 7, services supplied abroad 4 (in the EU or outside it)', () => {
    expect(myDataLineVat(zero('E'), 'domestic')).toEqual({ vatCategory: 7, vatExemptionCategory: 7 });
    expect(myDataLineVat(zero('E'), 'third_country')).toEqual({ vatCategory: 7, vatExemptionCategory: VAT_EXEMPTION.exemptActivity });
    expect(myDataLineVat(zero('AE'), 'intra_eu')).toEqual({ vatCategory: 7, vatExemptionCategory: 4 });
    expect(myDataLineVat(zero('Z'), 'third_country')).toEqual({ vatCategory: 7, vatExemptionCategory: 4 });
  });

  it('refuses reverse charge outside another member state and a zero rate inside the EU', () => {
    expect(() => myDataLineVat(zero('AE'), 'domestic')).toThrow('A reverse-charge (AE) line needs a buyer in another EU member state.');
    expect(() => myDataLineVat(zero('AE'), 'third_country')).toThrow(ValidationError);
    expect(() => myDataLineVat(zero('Z'), 'domestic')).toThrow(/needs a buyer there/);
    expect(() => myDataLineVat(zero('Z'), 'intra_eu')).toThrow(/needs a buyer there/);
  });
});
