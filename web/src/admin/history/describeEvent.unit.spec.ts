import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../public/static/locales/en/translation.json';
import { describeEvent } from './describeEvent';

let t: typeof i18n.t;
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  t = i18n.t;
});

const names: Record<string, string> = { rent: 'Rent', susp: 'Suspense' };
const accountName = (id: string) => names[id] ?? id;
const nbsp = (s: string | undefined) => s?.replace(/\u00a0/g, ' ');
const posted = (cents: number, date = '2026-03-01', description = 'Office rent') => ({
  date,
  description,
  lines: [
    { accountId: 'rent', debitCents: cents, creditCents: 0 },
    { accountId: 'susp', debitCents: 0, creditCents: cents },
  ],
});

describe('history: what changed', () => {
  it('a correction lists only the changed fields, before and after', () => {
    const d = describeEvent('JournalEntryCorrected', { ...posted(30000), previous: posted(25000) }, accountName, t);
    expect(d.title).toBe('Entry corrected');
    expect(d.changes).toHaveLength(1);
    expect(d.changes[0]!.label).toBe('Lines');
    expect(nbsp(d.changes[0]!.before)).toBe('Rent: debit 250,00 €; Suspense: credit 250,00 €');
    expect(nbsp(d.changes[0]!.after)).toBe('Rent: debit 300,00 €; Suspense: credit 300,00 €');
    const moved = describeEvent('JournalEntryCorrected', { ...posted(25000, '2026-03-02', ''), previous: posted(25000) }, accountName, t);
    expect(moved.changes.map((c) => c.label)).toEqual(['Date', 'Description']);
    expect(moved.changes[1]).toMatchObject({ before: 'Office rent', after: '—' });
  });

  it('invoice events: edits show the total before and after; payments their amount and method', () => {
    const edited = describeEvent('InvoiceEdited', { date: '2026-02-01', previousDate: '2026-02-01', dueDate: '2026-03-01', totals: { grossCents: 238000 }, previousTotals: { grossCents: 119000 } }, accountName, t);
    expect(edited.changes[0]).toMatchObject({ label: 'Total' });
    expect(nbsp(edited.changes[0]!.before)).toBe('1.190,00 €');
    expect(nbsp(edited.changes[0]!.after)).toBe('2.380,00 €');
    const paid = describeEvent('PaymentRecorded', { amountCents: 119000, date: '2026-02-20', method: 'stripe', reference: 'pi_1' }, accountName, t);
    expect(paid.title).toBe('Payment recorded');
    expect(paid.changes.map((c) => nbsp(c.value))).toEqual(['1.190,00 €', expect.stringContaining('2026'), 'Card (Stripe)', 'pi_1']);
  });

  it('a payment reminder shows its step, the due date, what was open, to whom and in which language', () => {
    const data = { step: -3, dueDate: '2026-03-15', openCents: 119000, to: 'ap@client.test', language: 'el' };
    const d = describeEvent('PaymentReminderSent', data, accountName, t);
    expect(d.title).toBe('Payment reminder sent');
    expect(d.changes.map((c) => [c.label, nbsp(c.value)])).toEqual([
      ['Reminder', '3 days before'],
      ['Due date', expect.stringContaining('2026')],
      ['Amount open', '1.190,00 €'],
      ['Sent to', 'ap@client.test'],
      ['Language', 'Ελληνικά'],
    ]);
    expect(describeEvent('PaymentReminderSent', { ...data, step: 1 }, accountName, t).changes[0]!.value).toBe('1 day after');
    expect(describeEvent('PaymentReminderSent', { ...data, step: 0 }, accountName, t).changes[0]!.value).toBe('On the due date');
  });

  it('an unknown event type still shows its type and data', () => {
    const d = describeEvent('InvoiceDisputed', { reason: 'x' }, accountName, t);
    expect(d.title).toBe('InvoiceDisputed');
    expect(d.changes[0]!.value).toBe('{"reason":"x"}');
  });
});
