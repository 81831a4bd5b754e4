import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_EVENT_TYPES } from '../../../../domain/invoice/events';
import el from '../../../public/static/locales/el/translation.json';
import en from '../../../public/static/locales/en/translation.json';
import ru from '../../../public/static/locales/ru/translation.json';
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

  it('money movements after a payment: refunds, failed refunds, disputes and gateway fees', () => {
    const read = (type: string, data: Record<string, unknown>) => {
      const d = describeEvent(type, { invoiceId: 'i1', paymentId: 'p1', ...data }, accountName, t);
      return { title: d.title, changes: d.changes.map((c) => [c.label, nbsp(c.value)]) };
    };
    const date = expect.stringMatching(/^03 \/ \w+ \/ 2026$/);
    expect(read('PaymentRefunded', { refundId: 'r1', amountCents: 1500, date: '2026-11-03', method: 'bank', reason: 'Returned seat', reference: null })).toEqual({
      title: 'Payment refunded',
      changes: [['Amount', '15,00 €'], ['Date', date], ['Method', 'Bank transfer'], ['Reason', 'Returned seat']],
    });
    expect(read('PaymentRefunded', { refundId: 're_1', amountCents: 500, date: '2026-11-03', method: 'stripe', reason: 'Goodwill', reference: 're_1' }).changes).toContainEqual(['Reference', 're_1']);
    expect(read('RefundFailed', { refundId: 're_1', amountCents: 500, date: '2026-11-03', method: 'stripe' })).toEqual({ title: 'Refund failed', changes: [['Amount', '5,00 €'], ['Date', date]] });
    expect(read('PaymentDisputed', { disputeId: 'dp_1', amountCents: 11900, date: '2026-11-03', reason: 'fraudulent' })).toEqual({
      title: 'Payment disputed',
      changes: [['Amount', '119,00 €'], ['Date', date], ['Reason', 'Fraudulent']],
    });
    // A reason Stripe adds later shows as it came; none at all is left out.
    expect(read('PaymentDisputed', { disputeId: 'dp_2', amountCents: 100, date: '2026-11-03', reason: 'something_new' }).changes[2]).toEqual(['Reason', 'something_new']);
    expect(read('PaymentDisputed', { disputeId: 'dp_3', amountCents: 100, date: '2026-11-03', reason: null }).changes).toHaveLength(2);
    expect(read('DisputeClosed', { disputeId: 'dp_1', amountCents: 11900, date: '2026-11-03', outcome: 'lost' })).toEqual({
      title: 'Dispute closed',
      changes: [['Amount', '119,00 €'], ['Date', date], ['Outcome', 'Lost: the amount is owed again']],
    });
    expect(read('DisputeClosed', { disputeId: 'dp_1', amountCents: 11900, date: '2026-11-03', outcome: 'won' }).changes[2]).toEqual(['Outcome', 'Won: the amount came back']);
    expect(read('GatewayFeeCharged', { feeId: 'txn_1', amountCents: 170, date: '2026-11-03', kind: 'payment' })).toEqual({
      title: 'Gateway fee charged',
      changes: [['Amount', '1,70 €'], ['Date', date], ['Fee for', 'Card payment']],
    });
    expect(read('GatewayFeeCharged', { feeId: 'txn_2', amountCents: 1500, date: '2026-11-03', kind: 'dispute' }).changes[2]).toEqual(['Fee for', 'Dispute']);
  });

  it('every invoice event has a title in every language, and none falls into the raw data row', () => {
    for (const [lng, resources] of Object.entries({ en, el, ru })) {
      const titles: Record<string, string> = resources.admin.history.events;
      expect(INVOICE_EVENT_TYPES.filter((type) => !titles[type]), lng).toEqual([]);
    }
    for (const type of INVOICE_EVENT_TYPES) {
      const sample = { amountCents: 100, date: '2026-11-03', totals: { grossCents: 100 }, previousTotals: { grossCents: 100 }, lines: [], invoiceNumber: 'N', reason: 'x', method: 'bank', outcome: 'won', kind: 'payment', to: 'a@b' };
      expect(describeEvent(type, sample, accountName, t).changes.map((c) => c.label), type).not.toContain('Data');
    }
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
