import { describe, expect, it } from 'vitest';
import { assertInvoiceable, billingState, CANCELLED_NOT_INVOICED } from './billing-state';
import { ConflictError } from '../shared/errors';
import { addMonthsClamped, isIsoDate } from '../shared/dates';
import { defaultDueDate, formatInvoiceNumber, normaliseInvoiceNumber } from './numbering';
import { duePeriods, nextPeriod, periodAt } from './periods';

describe('period arithmetic', () => {
  it('clamps month ends without drifting', () => {
    expect(addMonthsClamped('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsClamped('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonthsClamped('2026-01-31', 3)).toBe('2026-04-30');
    expect(addMonthsClamped('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsClamped('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonthsClamped('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('builds monthly periods from the start date', () => {
    expect(periodAt('2026-01-31', 'monthly', 0)).toEqual({ start: '2026-01-31', end: '2026-02-28' });
    expect(periodAt('2026-01-31', 'monthly', 1)).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    expect(periodAt('2026-01-31', 'monthly', 2)).toEqual({ start: '2026-03-31', end: '2026-04-30' });
  });

  it('builds annual periods across leap years', () => {
    expect(periodAt('2024-02-29', 'annually', 0)).toEqual({ start: '2024-02-29', end: '2025-02-28' });
    expect(periodAt('2024-02-29', 'annually', 3)).toEqual({ start: '2027-02-28', end: '2028-02-29' });
    expect(periodAt('2026-06-15', 'annually', 1)).toEqual({ start: '2027-06-15', end: '2028-06-15' });
  });

  it('finds the next unbilled period and every due one', () => {
    expect(nextPeriod('2026-01-31', 'monthly', null)).toEqual({ start: '2026-01-31', end: '2026-02-28' });
    expect(nextPeriod('2026-01-31', 'monthly', '2026-02-28')).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    expect(nextPeriod('2026-01-31', 'monthly', '2026-04-30')).toEqual({ start: '2026-04-30', end: '2026-05-31' });
    expect(nextPeriod('2026-01-15', 'one_time', null)).toEqual({ start: '2026-01-15', end: '2026-01-16' });
    expect(nextPeriod('2026-01-15', 'one_time', '2026-01-16')).toBeNull();
    expect(duePeriods('2026-01-31', 'monthly', null, '2026-03-30').map((p) => p.start)).toEqual(['2026-01-31', '2026-02-28']);
    expect(duePeriods('2026-01-31', 'monthly', null, '2026-03-31').map((p) => p.start)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(duePeriods('2026-05-01', 'monthly', null, '2026-04-30')).toEqual([]);
    expect(duePeriods('2025-02-10', 'annually', '2026-02-10', '2026-02-10')).toEqual([{ start: '2026-02-10', end: '2027-02-10' }]);
    expect(duePeriods('2026-01-15', 'one_time', null, '2026-09-01')).toHaveLength(1);
    expect(duePeriods('2026-01-15', 'one_time', '2026-01-16', '2026-09-01')).toEqual([]);
  });

  it('resumes at the current cycle after a cycle change', () => {
    // billed monthly until 2026-04-01, then the product became annual: next annual period from April 2026 on
    expect(nextPeriod('2025-04-01', 'annually', '2026-04-01')).toEqual({ start: '2026-04-01', end: '2027-04-01' });
    expect(nextPeriod('2025-04-01', 'annually', '2026-02-01')).toEqual({ start: '2026-04-01', end: '2027-04-01' });
  });
});

describe('billing state', () => {
  const monthly = { startDate: '2026-01-31', cycle: 'monthly' as const, status: 'active' as const };
  it('is due before the first invoice once the start date has come', () => {
    expect(billingState({ ...monthly, invoicedEnd: null }, '2026-02-01')).toEqual({ invoicedUntil: null, nextBillingDate: '2026-01-31', invoiceStatus: 'Due' });
    expect(billingState({ ...monthly, invoicedEnd: null }, '2026-01-01').invoiceStatus).toBe('Not invoiced');
  });
  it('is invoiced while the current period is billed', () => {
    expect(billingState({ ...monthly, invoicedEnd: '2026-02-28' }, '2026-02-10')).toEqual({
      invoicedUntil: '2026-02-27',
      nextBillingDate: '2026-02-28',
      invoiceStatus: 'Invoiced',
    });
    expect(billingState({ ...monthly, invoicedEnd: '2026-02-28' }, '2026-02-28').invoiceStatus).toBe('Due');
  });
  it('shows once-off done and cancelled subscriptions without a next date', () => {
    expect(billingState({ startDate: '2026-01-15', cycle: 'one_time', status: 'active', invoicedEnd: '2026-01-16' }, '2026-05-01')).toEqual({
      invoicedUntil: '2026-01-15',
      nextBillingDate: null,
      invoiceStatus: 'Invoiced',
    });
    expect(billingState({ ...monthly, status: 'cancelled', invoicedEnd: '2026-02-28' }, '2026-09-01').nextBillingDate).toBeNull();
  });
});

describe('invoicing a subscription on demand', () => {
  it('lets an active subscription be invoiced and refuses a cancelled one with a reason the web translates', () => {
    expect(() => assertInvoiceable('active')).not.toThrow();
    let refusal: unknown;
    try {
      assertInvoiceable('cancelled');
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(ConflictError);
    expect(refusal).toMatchObject({ code: 'CONFLICT', reason: 'SUBSCRIPTION_CANCELLED', message: CANCELLED_NOT_INVOICED });
  });
});

describe('numbering and dates', () => {
  it('formats yearly sequences and validates typed numbers', () => {
    expect(formatInvoiceNumber(2026, 123)).toBe('2026-000123');
    expect(normaliseInvoiceNumber('  INV-7 ')).toBe('INV-7');
    expect(() => normaliseInvoiceNumber('   ')).toThrow();
    expect(() => normaliseInvoiceNumber('x'.repeat(51))).toThrow();
    expect(() => normaliseInvoiceNumber('INV-\u00857')).toThrow('Please correct the errors below.');
    for (const [typed, message] of [['INV\u0000-7', 'This field may not contain control characters.'], ['INV-\u202E7', 'This field may not contain control characters.'], ['INV-7\nINV-8', 'This field must be a single line.']]) {
      try {
        normaliseInvoiceNumber(typed!);
        expect.unreachable(typed);
      } catch (err) {
        expect((err as { fieldErrors?: unknown }).fieldErrors).toEqual({ invoiceNumber: [message] });
      }
    }
    expect(defaultDueDate('2026-12-25')).toBe('2027-01-08');
  });
  it('accepts only real days', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-1')).toBe(false);
  });
});

describe('period properties', () => {
  it('tiles time without gaps or overlaps, anchored on the start day', async () => {
    const fc = await import('fast-check');
    const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.constantFrom('monthly' as const, 'annually' as const), fc.integer({ min: 0, max: 40 }), (start, cycle, k) => {
        const p = periodAt(start, cycle, k);
        const q = periodAt(start, cycle, k + 1);
        expect(p.end).toBe(q.start);
        expect(p.start < p.end).toBe(true);
        const anchor = Number(start.slice(8, 10));
        const [y, m] = p.start.split('-').map(Number) as [number, number];
        expect(Number(p.start.slice(8, 10))).toBe(Math.min(anchor, new Date(Date.UTC(y, m, 0)).getUTCDate()));
        // the next unbilled period after billing up to p.end is exactly q
        expect(nextPeriod(start, cycle, p.end)).toEqual(q);
      }),
      { numRuns: 500 },
    );
  });
});
