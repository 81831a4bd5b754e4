import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditorReference,
  findCreditorReferences,
  formatCreditorReference,
  invoiceCreditorReference,
  isCreditorReference,
} from './creditor-reference';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const body = fc
  .array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: 21 })
  .map((chars) => chars.join(''));
const digitBody = fc.array(fc.constantFrom(...'0123456789'), { minLength: 2, maxLength: 21 }).map((chars) => chars.join(''));

describe('ISO 11649 creditor references', () => {
  it("builds and accepts the standard's own example, with or without leading zeros", () => {
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    expect(creditorReference('000000000539007547034')).toBe('RF18000000000539007547034');
    expect(isCreditorReference('RF18 5390 0754 7034')).toBe(true);
    expect(isCreditorReference('rf18539007547034')).toBe(true);
    expect(isCreditorReference('RF18000000000539007547034')).toBe(true);
  });

  it('refuses wrong check digits, bodies of the wrong shape and check digits outside 02 to 98', () => {
    expect(isCreditorReference('RF19 5390 0754 7034')).toBe(false);
    expect(isCreditorReference('RF18 5390 0754 7035')).toBe(false);
    expect(isCreditorReference('RF18')).toBe(false);
    expect(isCreditorReference('RF18 5390-0754-7034')).toBe(false);
    expect(isCreditorReference('RF180000000000539007547034')).toBe(false);
    expect(isCreditorReference('GR16 0110 1250 0000 0001 2300 695')).toBe(false);
    // "54RF00" leaves remainder 0, so check digits 98 and 01 both leave 1 overall; "36RF00" leaves 96, so 02 and 99 do.
    expect(creditorReference('54')).toBe('RF9854');
    expect(isCreditorReference('RF0154')).toBe(false);
    expect(creditorReference('36')).toBe('RF0236');
    expect(isCreditorReference('RF9936')).toBe(false);
  });

  it('refuses to build a reference from what is not 1 to 21 upper-case letters and digits', () => {
    expect(() => creditorReference('')).toThrow(/1 to 21 letters/);
    expect(() => creditorReference('abc')).toThrow(/1 to 21 letters/);
    expect(() => creditorReference('2026-000123')).toThrow(/1 to 21 letters/);
    expect(() => creditorReference('1'.repeat(22))).toThrow(/1 to 21 letters/);
  });

  it('prints in groups of four', () => {
    expect(formatCreditorReference('rf18539007547034')).toBe('RF18 5390 0754 7034');
    expect(formatCreditorReference('RF462026000123')).toBe('RF46 2026 0001 23');
  });

  it("builds an invoice's reference from its number's letters and digits", () => {
    expect(invoiceCreditorReference('2026-000123')).toBe('RF462026000123');
    expect(invoiceCreditorReference('inv/12')).toBe(creditorReference('INV12'));
    expect(invoiceCreditorReference('A-'.repeat(21))).toBe(creditorReference('A'.repeat(21)));
  });

  it('has no reference for a number that cannot be a body', () => {
    expect(invoiceCreditorReference('--')).toBeNull();
    expect(invoiceCreditorReference('2026-'.repeat(6))).toBeNull();
    expect(invoiceCreditorReference('ΤΙΜ-Α12')).toBeNull();
    expect(invoiceCreditorReference('INV-Α12')).toBeNull();
  });

  it('round-trips: every built reference is valid in electronic, printed and lower-case form', () => {
    fc.assert(
      fc.property(body, (b) => {
        const reference = creditorReference(b);
        expect(reference.slice(4)).toBe(b);
        expect(isCreditorReference(reference)).toBe(true);
        expect(isCreditorReference(formatCreditorReference(reference))).toBe(true);
        expect(isCreditorReference(reference.toLowerCase())).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('detects every digit typed for another, in the body or the check digits', () => {
    fc.assert(
      fc.property(body, fc.nat(), fc.integer({ min: 1, max: 9 }), (b, at, shift) => {
        const reference = creditorReference(b);
        const digitPositions = [...reference].flatMap((char, index) => (index >= 2 && /\d/.test(char) ? [index] : []));
        const index = digitPositions[at % digitPositions.length]!;
        const typo = String((Number(reference[index]) + shift) % 10);
        const mistyped = reference.slice(0, index) + typo + reference.slice(index + 1);
        expect(isCreditorReference(mistyped)).toBe(false);
        expect(findCreditorReferences(`Payment ${formatCreditorReference(mistyped)}`)).not.toContain(reference);
      }),
      { numRuns: 1000 },
    );
  });

  it('detects every swap of two different neighbouring digits of the body', () => {
    fc.assert(
      fc.property(digitBody, fc.nat(), (b, at) => {
        const index = 4 + (at % (b.length - 1));
        const reference = creditorReference(b);
        fc.pre(reference[index] !== reference[index + 1]);
        const swapped = reference.slice(0, index) + reference[index + 1] + reference[index] + reference.slice(index + 2);
        expect(isCreditorReference(swapped)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('creditor references in remittance text', () => {
  it('finds a reference printed in groups, run together or run into other words', () => {
    const reference = 'RF462026000123';
    expect(findCreditorReferences('Payment RF46 2026 0001 23 thank you')).toContain(reference);
    expect(findCreditorReferences('RF462026000123')).toEqual([reference]);
    expect(findCreditorReferences('INV2026-000123/RF462026000123PAYMENT')).toContain(reference);
    expect(findCreditorReferences('ref: rf46 2026000123, paid')).toContain(reference);
  });

  it('finds each of several references once, in order', () => {
    const first = invoiceCreditorReference('2026-000123')!;
    const second = invoiceCreditorReference('2026-000124')!;
    const text = `Invoices ${formatCreditorReference(second)}; ${first} and again ${second}.`;
    const found = findCreditorReferences(text);
    expect(found.filter((r) => r === first || r === second)).toEqual([second, first]);
  });

  it('returns nothing for wrong check digits or no reference at all', () => {
    expect(findCreditorReferences('Payment RF47 2026 0001 23')).toEqual([]);
    expect(findCreditorReferences('Payment RF46 2026 0001 24')).not.toContain('RF462026000124');
    expect(findCreditorReferences('Rent for March, PERFORMANCE fee')).toEqual([]);
    expect(findCreditorReferences('')).toEqual([]);
  });

  it('does not read across a space after a group that is not four long', () => {
    // Were "1" read on after "23", the 11-character body would have right check digits too.
    const eleven = creditorReference('20260001231');
    const check = eleven.slice(2, 4);
    expect(findCreditorReferences(`RF${check} 2026 0001 23 1`)).not.toContain(eleven);
    expect(findCreditorReferences(`RF${check} 2026 0001 231`)).toContain(eleven);
  });

  it('finds every reference hidden in random text, and returns only references with right check digits', () => {
    const filler = fc.string({ unit: fc.constantFrom(...'abc XYZ-/,.:0123456789'), maxLength: 30 });
    fc.assert(
      fc.property(body, filler, filler, fc.boolean(), (b, before, after, printed) => {
        const reference = creditorReference(b);
        const shown = printed ? formatCreditorReference(reference) : reference;
        const found = findCreditorReferences(`${before} ${shown} ${after}`);
        expect(found).toContain(reference);
        for (const r of found) expect(isCreditorReference(r)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
