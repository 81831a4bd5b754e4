import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/errors';
import { assertDocumentDays, documentDayProblem, latestDocumentDay, requestedPostingDays } from './posting-dates';

describe('days a document or money movement may carry', () => {
  it('runs from 2000-01-01 to a year from today, both included', () => {
    expect(documentDayProblem('2000-01-01', '2026-03-15')).toBeUndefined();
    expect(documentDayProblem('2027-03-15', '2026-03-15')).toBeUndefined();
    expect(documentDayProblem('1999-12-31', '2026-03-15')).toBe('Enter a date on or after 2000-01-01.');
    expect(documentDayProblem('2027-03-16', '2026-03-15')).toBe('Enter a date no later than 2027-03-15, a year from today.');
    expect(documentDayProblem('9999-12-31', '2026-03-15')).toBe('Enter a date no later than 2027-03-15, a year from today.');
    // A year from a leap day is the last day of February.
    expect(latestDocumentDay('2028-02-29')).toBe('2029-02-28');
  });

  it('refuses the first day out of bounds with a 400 on the date, naming the limit', () => {
    expect(() => assertDocumentDays('2026-03-15', ['2026-03-01', '2026-04-01'])).not.toThrow();
    let thrown: unknown;
    try {
      assertDocumentDays('2026-03-15', ['2026-03-01', '9999-12-31']);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).fieldErrors).toEqual({ date: ['Enter a date no later than 2027-03-15, a year from today.'] });
  });

  it('applies to the days an event asks to post on: a document, a payment, a credit applied', () => {
    const credited = { type: 'CreditTransferred', data: { invoiceId: 'i', transferId: 't', applicationId: 'a', toInvoiceId: 'j', toInvoiceNumber: 'N', clientId: 'c', amountCents: 1, date: '9999-12-31' } } as const;
    expect(requestedPostingDays(credited)).toEqual(['9999-12-31']);
    expect(() => assertDocumentDays('2026-03-15', requestedPostingDays(credited))).toThrow(ValidationError);
  });
});
