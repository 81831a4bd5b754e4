import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InvoiceEvent } from '../invoice/events';
import { addDays } from '../shared/dates';
import { DEFAULT_REMINDER_DAYS, dueReminderStep, issuedOnOf, reminderDaysProblems, sortReminderDays, type ReminderSubject } from './reminders';

const DUE = '2026-03-15';
const open: ReminderSubject = { dueDate: DUE, issuedOn: '2026-03-01', openCents: 238_000, paid: false, cancelled: false, clientExcluded: false, sentSteps: [] };
const step = (today: string, over: Partial<ReminderSubject> = {}) => dueReminderStep(DEFAULT_REMINDER_DAYS, today, { ...open, ...over });

describe('the reminder schedule', () => {
  it('accepts whole days from -60 to 365, at most ten, each once; an empty list turns reminders off', () => {
    expect(reminderDaysProblems([-3, 1, 7, 14])).toEqual([]);
    expect(reminderDaysProblems([])).toEqual([]);
    expect(reminderDaysProblems([-60, 0, 365])).toEqual([]);
    expect(reminderDaysProblems([1.5])).toEqual(['notWholeDay']);
    expect(reminderDaysProblems(['7'])).toEqual(['notWholeDay']);
    expect(reminderDaysProblems([-61])).toEqual(['outOfRange']);
    expect(reminderDaysProblems([366])).toEqual(['outOfRange']);
    expect(reminderDaysProblems([7, 7])).toEqual(['repeated']);
    expect(reminderDaysProblems([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toEqual(['tooMany']);
    expect(reminderDaysProblems([400, 400, 0.5])).toEqual(['notWholeDay', 'outOfRange', 'repeated']);
  });

  it('runs earliest first', () => {
    expect(sortReminderDays([14, -3, 7, 1])).toEqual([-3, 1, 7, 14]);
  });
});

describe('which reminder is due', () => {
  it('sends each step on its day: 3 days before, 1, 7 and 14 days after the due date', () => {
    expect(step('2026-03-11')).toBeNull();
    expect(step('2026-03-12')).toBe(-3);
    expect(step('2026-03-15', { sentSteps: [-3] })).toBeNull();
    expect(step('2026-03-16', { sentSteps: [-3] })).toBe(1);
    expect(step('2026-03-22', { sentSteps: [-3, 1] })).toBe(7);
    expect(step('2026-03-29', { sentSteps: [-3, 1, 7] })).toBe(14);
    expect(step('2026-06-01', { sentSteps: [-3, 1, 7, 14] })).toBeNull();
  });

  it('sends only the latest step when several are overdue at once', () => {
    expect(step('2026-04-20')).toBe(14);
    expect(step('2026-03-23', { sentSteps: [-3] })).toBe(7);
  });

  it('never sends a step again, nor an earlier one after a later one went out', () => {
    expect(step('2026-03-12', { sentSteps: [-3] })).toBeNull();
    expect(step('2026-03-16', { sentSteps: [7] })).toBeNull();
  });

  it('sends nothing for a draft, a paid, cancelled or fully settled invoice, or an excluded client', () => {
    expect(step('2026-03-20', { issuedOn: null })).toBeNull();
    expect(step('2026-03-20', { paid: true })).toBeNull();
    expect(step('2026-03-20', { cancelled: true })).toBeNull();
    expect(step('2026-03-20', { openCents: 0 })).toBeNull();
    expect(step('2026-03-20', { clientExcluded: true })).toBeNull();
  });

  it('still reminds of what is left after a partial payment', () => {
    expect(step('2026-03-20', { openCents: 100 })).toBe(1);
  });

  it('sends nothing with an empty schedule', () => {
    expect(dueReminderStep([], '2026-03-20', open)).toBeNull();
  });

  it('skips steps on or before the day the client got the invoice', () => {
    expect(step('2026-03-13', { issuedOn: '2026-03-13' })).toBeNull();
    expect(step('2026-03-16', { issuedOn: '2026-03-13' })).toBe(1);
    expect(step('2026-04-20', { issuedOn: '2026-04-20' })).toBeNull();
  });

  it('over any run of days sends each step at most once, in order, one a day at most', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -60, max: 365 }), { maxLength: 10 }),
        fc.integer({ min: -90, max: 30 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 420 }),
        (schedule, issuedOffset, runsOnDay) => {
          const issuedOn = addDays(DUE, issuedOffset);
          const sent: number[] = [];
          runsOnDay.forEach((runs, i) => {
            if (!runs) return;
            const today = addDays(issuedOn, i);
            const s = dueReminderStep(schedule, today, { ...open, issuedOn, sentSteps: sent });
            if (s === null) return;
            expect(addDays(DUE, s) <= today && addDays(DUE, s) > issuedOn).toBe(true);
            sent.push(s);
          });
          expect(new Set(sent).size).toBe(sent.length);
          expect(sent).toEqual(sortReminderDays(sent));
        },
      ),
    );
  });
});

describe('the day an invoice reached the client', () => {
  const issued = { type: 'InvoiceIssued', data: {} } as InvoiceEvent;
  it('is the day of its first sending, or of a payment recorded before any sending', () => {
    const sent = { type: 'InvoiceSent', data: { invoiceId: 'i', to: 'a@b.c', sentAt: '2026-03-02T23:30:00.000Z' } } as InvoiceEvent;
    const paid = { type: 'PaymentRecorded', data: { date: '2026-03-01' } } as InvoiceEvent;
    expect(issuedOnOf([issued])).toBeNull();
    expect(issuedOnOf([issued, sent, paid])).toBe('2026-03-02');
    expect(issuedOnOf([issued, paid, sent])).toBe('2026-03-01');
  });
});
