import { describe, expect, it } from 'vitest';
import { centsToEuros, divRoundHalfUp, formatEuros, lineAmounts, MAX_AMOUNT_CENTS, MAX_QUANTITY, parseEuros, parseQuantity, parseSignedEuros, parseVatRate, sumAmounts, typedCents } from './money';

describe('money', () => {
  it('parses euros strictly into cents', () => {
    expect(parseEuros(2000)).toEqual({ ok: true, value: 200000 });
    expect(parseEuros('19.99')).toEqual({ ok: true, value: 1999 });
    expect(parseEuros(0.1)).toEqual({ ok: true, value: 10 });
    expect(parseEuros('0.05')).toEqual({ ok: true, value: 5 });
    expect(parseEuros(' 7 ')).toEqual({ ok: true, value: 700 });
    expect(parseEuros(1.005).ok).toBe(false);
    expect(parseEuros('-1').ok).toBe(false);
    expect(parseEuros('1e3').ok).toBe(false);
    expect(parseEuros('abc').ok).toBe(false);
    expect(parseEuros('').ok).toBe(false);
    expect(parseEuros(null).ok).toBe(false);
    expect(parseEuros(Number.NaN).ok).toBe(false);
    expect(parseEuros('1000000000000000').ok).toBe(false);
  });

  it('parses VAT rates and quantities', () => {
    expect(parseVatRate(19)).toEqual({ ok: true, value: 1900 });
    expect(parseVatRate('5.5')).toEqual({ ok: true, value: 550 });
    expect(parseVatRate(101).ok).toBe(false);
    expect(parseQuantity(2.5)).toEqual({ ok: true, value: 2500 });
    expect(parseQuantity(0).ok).toBe(false);
    expect(parseQuantity('1.0005').ok).toBe(false);
  });

  it('rounds half up per line', () => {
    expect(divRoundHalfUp(5n, 10n)).toBe(1);
    expect(divRoundHalfUp(4n, 10n)).toBe(0);
    expect(divRoundHalfUp(-5n, 10n)).toBe(-1);
    // 0.5 cent of VAT rounds up, where banker's rounding would give 0
    expect(lineAmounts(1000, 50, 100)).toEqual({ netCents: 50, vatCents: 1, grossCents: 51 });
    // 2.5 cents rounds to 3, not to the even 2
    expect(lineAmounts(1000, 250, 100)).toEqual({ netCents: 250, vatCents: 3, grossCents: 253 });
    expect(lineAmounts(1000, 200000, 1900)).toEqual({ netCents: 200000, vatCents: 38000, grossCents: 238000 });
    expect(lineAmounts(333, 100, 0)).toEqual({ netCents: 33, vatCents: 0, grossCents: 33 });
    expect(lineAmounts(1500, 333, 1900).netCents).toBe(500);
  });

  it('sums lines and formats German euros', () => {
    const total = sumAmounts([lineAmounts(1000, 100, 1900), lineAmounts(2000, 50, 0)]);
    expect(total).toEqual({ netCents: 200, vatCents: 19, grossCents: 219 });
    expect(centsToEuros(238000)).toBe(2380);
    // A sum beyond 2^53 cents still answers (the nearest number); a fraction is a bug.
    expect(centsToEuros(2 ** 53 + 2)).toBe((2 ** 53 + 2) / 100);
    expect(() => centsToEuros(1.5)).toThrow('cents must be an integer');
    expect(() => centsToEuros(Number.NaN)).toThrow();
    expect(formatEuros(238000)).toBe('2.380,00\u00a0€');
  });

  it('bounds every amount so that sums over the books stay exact', () => {
    // The bound: €1,000,000,000.00 per amount; 90,071 amounts at the bound still sum below 2^53 cents.
    expect(MAX_AMOUNT_CENTS).toBe(100_000_000_000);
    expect(Number.isSafeInteger(MAX_AMOUNT_CENTS * 90_071)).toBe(true);
    // The worst line: the largest quantity at the largest price, with 100 % VAT, is exact in BigInt.
    expect(BigInt(MAX_QUANTITY) * BigInt(MAX_AMOUNT_CENTS) * 2n).toBe(200_000_000_000_000_000n);
    expect(parseEuros('1000000000')).toEqual({ ok: true, value: MAX_AMOUNT_CENTS });
    expect(parseEuros(1_000_000_000.01)).toEqual({ ok: false, error: 'Ensure this value is less than or equal to 1000000000.' });
    // The finding's price, and numbers no float could hold, are refused with the limit, not rounded.
    expect(parseEuros(99_999_999_999.99)).toEqual({ ok: false, error: 'Ensure this value is less than or equal to 1000000000.' });
    expect(parseEuros('9'.repeat(40)).ok).toBe(false);
    expect(parseEuros(`${'9'.repeat(95_000)}`)).toEqual({ ok: false, error: 'Ensure this value is less than or equal to 1000000000.' });
    expect(parseQuantity(1_000_000)).toEqual({ ok: true, value: 1_000_000_000 });
    expect(parseQuantity('1000000.001')).toEqual({ ok: false, error: 'Ensure this value is less than or equal to 1000000.' });
    expect(parseVatRate('100.01')).toEqual({ ok: false, error: 'Ensure this value is less than or equal to 100.' });
  });
});

describe('an amount as a person types it', () => {
  it('reads to exact signed cents, either decimal mark, grouped or not, and refuses the rest', () => {
    expect(typedCents('-119')).toBe(-11_900);
    expect(typedCents('−119,5')).toBe(-11_950);
    expect(typedCents('1.234,56')).toBe(123_456);
    expect(typedCents('1,234.56')).toBe(123_456);
    expect(typedCents('0.1')).toBe(10);
    expect(typedCents(' 12,34 € ')).toBe(1_234);
    expect(typedCents('1.005')).toBeNull();
    expect(typedCents('abc')).toBeNull();
    expect(typedCents('')).toBeNull();
  });
});

describe('signed euros', () => {
  it('reads a negative amount as negative cents and refuses what parseEuros refuses', () => {
    expect(parseSignedEuros('-109.98')).toEqual({ ok: true, value: -10_998 });
    expect(parseSignedEuros(-0.5)).toEqual({ ok: true, value: -50 });
    expect(parseSignedEuros('12.5')).toEqual({ ok: true, value: 1_250 });
    expect(parseSignedEuros('-1.005')).toEqual({ ok: false, error: 'Ensure that there are no more than 2 decimal places.' });
    expect(parseSignedEuros('--1')).toEqual({ ok: false, error: 'A valid number is required.' });
  });
});
