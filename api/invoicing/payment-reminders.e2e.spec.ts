import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceStreamId } from '../../domain/invoice/events';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { mimePart, startSmtpServer, subjectOf, type ReceivedMail } from '../../test/smtp';
import { PaymentReminders, reminderId } from './payment-reminders';
import { adminOf, createClient, createInvoice } from './test/fixtures';

const SETTINGS = 'mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { reminderDays } }';
const COMPANY = { name: 'Seller Ltd', address: '1 Street, Nicosia', phone: '+357 1', email: 'office@seller.test', registrationNumber: 'HE 1', vatNumber: 'CY1', jurisdiction: 'Cyprus' };
const HISTORY = 'query($id: ID!) { invoiceEventHistory(id: $id) { type actor actorName revision recordedAt data } }';

describe.each(testBackends())('payment reminders on $name', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  let admin: TestClient;
  let now = new Date('2027-03-01T09:00:00Z');

  const at = (day: string) => {
    now = new Date(`${day}T09:00:00Z`);
  };
  /** One day's run with its mails delivered; answers the reminders that reached SMTP. */
  const runOn = async (day: string): Promise<ReceivedMail[]> => {
    at(day);
    const before = smtp.received.length;
    await server.runtime.services.billing.reminders.run();
    await server.runtime.mail.drain();
    return smtp.received.slice(before);
  };
  const item = { description: 'Professional', quantity: 1, unit_price: 1000, vat_rate: 19 };
  /** An invoice sent on `sentOn` (the invoice mail delivered and set aside). */
  const sentInvoice = async (clientId: string, date: string, dueDate: string, sentOn = date) => {
    const invoice = await createInvoice(admin, { client: clientId, date, due_date: dueDate, items: [item] });
    at(sentOn);
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    const last = (await server.runtime.deps.eventStore.readStream(invoiceStreamId(invoice.id))).at(-1)!;
    await server.runtime.deps.projections.waitFor(last.position, { includeReactors: true, timeoutMs: 20_000 });
    await server.runtime.mail.drain();
    return invoice;
  };
  const textOf = (mail: ReceivedMail) => mimePart(mail.raw, 'text/plain')!.toString('utf8');

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(backend, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'billing@seller.test' }, clock: () => now });
    admin = await adminOf(server);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('keeps the schedule in company settings: 3 days before, 1, 7 and 14 after by default, validated', async () => {
    expect((await admin.graphql('{ companySettings { reminderDays } }')).body.data.companySettings.reminderDays).toEqual([-3, 1, 7, 14]);
    const bad = await admin.graphql(SETTINGS, { input: { ...COMPANY, reminderDays: [7, 7, 400] } });
    expect(bad.body.errors[0].extensions.fieldErrors).toEqual({
      reminderDays: ['Each reminder is from -60 to 365 days from the due date.', 'Each day may appear only once.'],
    });
    const tooMany = await admin.graphql(SETTINGS, { input: { ...COMPANY, reminderDays: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] } });
    expect(tooMany.body.errors[0].extensions.fieldErrors).toEqual({ reminderDays: ['At most 10 reminders.'] });
    const saved = await admin.graphql(SETTINGS, { input: { ...COMPANY, reminderDays: [14, 7, -3, 1] } });
    expect(saved.body.data.updateCompanySettings.reminderDays).toEqual([-3, 1, 7, 14]);
    // Absent: unchanged.
    expect((await admin.graphql(SETTINGS, { input: COMPANY })).body.data.updateCompanySettings.reminderDays).toEqual([-3, 1, 7, 14]);
  });

  it('sends each step once, in the client language, with the pay link and the PDF; history and outbox show it', async () => {
    const greek = await createClient(admin, { name: 'Ελληνική Εταιρεία', email: 'logistirio@example.gr', language: 'el' });
    const invoice = await sentInvoice(greek.id, '2027-03-01', '2027-03-15');

    expect(await runOn('2027-03-11')).toEqual([]);
    const [before] = await runOn('2027-03-12');
    expect(before!.to).toEqual(['logistirio@example.gr']);
    expect(subjectOf(before!.raw)).toBe(`Υπενθύμιση: το τιμολόγιο ${invoice.invoice_number} λήγει στις 15.03.2027`);
    const text = textOf(before!);
    expect(text).toContain('Αγαπητέ/ή Ελληνική Εταιρεία');
    expect(text).toContain('λήγει σε 3 ημέρες, στις 15.03.2027');
    expect(text).toContain('1.190,00');
    expect(text).toContain(`${server.url}/pay-invoice/${invoice.id}`);
    const html = mimePart(before!.raw, 'text/html')!.toString('utf8');
    expect(html).toContain('λήγει σε 3 ημέρες, στις 15.03.2027');
    expect(html).toMatch(new RegExp(`<a[^>]+href="${server.url}/pay-invoice/${invoice.id}"[^>]*>.*Πληρωμή τώρα`, 's'));
    expect(mimePart(before!.raw, 'application/pdf')?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(before!.raw).toContain(`invoice-${invoice.invoice_number}.pdf`);
    // The e-invoice went with the invoice itself; a second copy could be booked twice.
    expect(mimePart(before!.raw, 'application/xml')).toBeUndefined();

    expect(await runOn('2027-03-12')).toEqual([]);
    expect(await runOn('2027-03-15')).toEqual([]);
    const [dayAfter] = await runOn('2027-03-16');
    expect(subjectOf(dayAfter!.raw)).toBe(`Ληξιπρόθεσμο: το τιμολόγιο ${invoice.invoice_number} έληξε στις 15.03.2027`);
    expect(textOf(dayAfter!)).toContain('είναι ληξιπρόθεσμο εδώ και 1 ημέρα');
    expect(await runOn('2027-03-17')).toEqual([]);
    expect(await runOn('2027-03-22')).toHaveLength(1);
    const [last] = await runOn('2027-03-29');
    expect(textOf(last!)).toContain('εδώ και 14 ημέρες');
    expect(await runOn('2027-05-01')).toEqual([]);

    const outbox = await server.testDb.db('mail_outbox').where('key', 'like', 'payment-reminder:%').orderBy('id');
    expect(outbox.map((m) => m.key)).toEqual([-3, 1, 7, 14].map((step) => `payment-reminder:${reminderId(invoice.id, step)}`));
    expect(outbox.every((m) => m.sent_at !== null && m.to === 'logistirio@example.gr')).toBe(true);

    const history = (await admin.graphql(HISTORY, { id: invoice.id })).body.data.invoiceEventHistory as { type: string; actorName: string; data: string }[];
    expect(history.map((h) => h.type)).toEqual(['InvoiceIssued', 'InvoiceSent', 'PaymentReminderSent', 'PaymentReminderSent', 'PaymentReminderSent', 'PaymentReminderSent']);
    expect(history[2]!.actorName).toBe('scheduler');
    expect(JSON.parse(history[2]!.data)).toEqual({ step: -3, dueDate: '2027-03-15', openCents: 119_000, to: 'logistirio@example.gr', language: 'el' });
    expect(JSON.parse(history[2]!.data)).toMatchObject({ step: -3 });
    const rest = await admin.get(`/api/invoices/${invoice.id}/history/`);
    expect(rest.body.filter((h: { type: string }) => h.type === 'PaymentReminderSent').map((h: { data: { step: number } }) => h.data.step)).toEqual([-3, 1, 7, 14]);
  });

  it('sends only the latest due step when several are overdue at once, in English for an English client', async () => {
    const client = await createClient(admin, { name: 'Late Ltd', email: 'ap@late.test', language: 'en' });
    const invoice = await sentInvoice(client.id, '2027-03-01', '2027-03-05');
    const mails = await runOn('2027-03-20');
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0]!.raw)).toBe(`Overdue: invoice ${invoice.invoice_number} was due on 05.03.2027`);
    expect(textOf(mails[0]!)).toContain('is 15 days overdue. The amount still to pay is');
    expect(await runOn('2027-04-30')).toEqual([]);
  });

  it('stops once the invoice is paid or cancelled, and sends nothing to an excluded client or for a draft', async () => {
    const client = await createClient(admin, { name: 'Payer Ltd', email: 'ap@payer.test' });
    const paid = await sentInvoice(client.id, '2027-03-01', '2027-03-15');
    const cancelled = await sentInvoice(client.id, '2027-03-01', '2027-03-15');
    expect(await runOn('2027-03-12')).toHaveLength(2);
    at('2027-03-13');
    expect((await admin.post(`/api/invoices/${paid.id}/mark_as_paid/`)).status).toBe(200);
    expect((await admin.delete(`/api/invoices/${cancelled.id}/`)).status).toBe(204);

    const excluded = await createClient(admin, { name: 'Quiet Ltd', email: 'ap@quiet.test', reminders_excluded: true });
    expect((await admin.get(`/api/clients/${excluded.id}/`)).body.reminders_excluded).toBe(true);
    await sentInvoice(excluded.id, '2027-03-01', '2027-03-15');
    await createInvoice(admin, { client: client.id, date: '2027-03-01', due_date: '2027-03-15', items: [item] });

    for (const day of ['2027-03-16', '2027-03-22', '2027-03-29']) expect(await runOn(day)).toEqual([]);

    // Excluding a client later (GraphQL, as the client form does) stops its reminders too.
    const other = await createClient(admin, { name: 'Later Ltd', email: 'ap@later.test', language: 'ru' });
    await sentInvoice(other.id, '2027-04-01', '2027-04-15');
    const excludedLater = await admin.graphql('mutation($id: ID!, $input: ClientInput!) { updateClient(id: $id, input: $input) { remindersExcluded language } }', {
      id: other.id,
      input: { name: 'Later Ltd', email: 'ap@later.test', remindersExcluded: true },
    });
    expect(excludedLater.body.data.updateClient).toEqual({ remindersExcluded: true, language: 'ru' });
    expect(await runOn('2027-04-16')).toEqual([]);
  });

  it('sends nothing with an empty schedule', async () => {
    const client = await createClient(admin, { name: 'Off Ltd', email: 'ap@off.test' });
    const invoice = await sentInvoice(client.id, '2027-06-01', '2027-06-15');
    expect((await admin.graphql(SETTINGS, { input: { ...COMPANY, reminderDays: [] } })).body.data.updateCompanySettings.reminderDays).toEqual([]);
    expect(await runOn('2027-06-16')).toEqual([]);
    await admin.graphql(SETTINGS, { input: { ...COMPANY, reminderDays: [-3, 1, 7, 14] } });
    expect(await runOn('2027-06-16')).toHaveLength(1);
    expect((await admin.post(`/api/invoices/${invoice.id}/mark_as_paid/`)).status).toBe(200);
  });

  it('reminds an invoice never sent but paid by card and then refunded in full: it is issued and owed again', async () => {
    const client = await createClient(admin, { name: 'Refunded Ltd', email: 'ap@refunded.test' });
    const invoice = await createInvoice(admin, { client: client.id, date: '2027-08-01', due_date: '2027-08-15', items: [item] });
    // The pay link paid it the day it was written; the card payment was given back in full later.
    const [invoiceId, paymentId] = [invoice.id, '5d2f0a4e-8b7c-4d1e-9f3a-2c6b8e0d4a17'];
    const appended = await server.runtime.deps.eventStore.append(invoiceStreamId(invoiceId), [
      { type: 'PaymentRecorded', data: { invoiceId, paymentId, amountCents: 119_000, date: '2027-08-01', method: 'stripe', reference: 'pi_refunded' }, metadata: { actor: 'stripe', schemaVersion: 1 } },
      { type: 'PaymentRefunded', data: { invoiceId, paymentId, refundId: 're_refunded', amountCents: 119_000, date: '2027-08-05', method: 'stripe', reason: 'requested_by_customer', reference: 're_refunded' }, metadata: { actor: 'stripe', schemaVersion: 1 } },
    ]);
    // The payment's confirmation mail goes out first, so the day's run below brings only reminders.
    await server.runtime.deps.projections.waitFor(appended.position, { includeReactors: true, timeoutMs: 20_000 });
    await server.runtime.mail.drain();
    expect((await admin.get(`/api/invoices/${invoiceId}/`)).body).toMatchObject({ sent: false, issued: true, paid: false, open_amount: 1190 });
    const mails = (await runOn('2027-08-16')).filter((m) => m.to.includes('ap@refunded.test'));
    expect(mails.map((m) => subjectOf(m.raw))).toEqual([expect.stringContaining(invoice.invoice_number)]);
    expect(await server.testDb.db('payment_reminders').where({ invoice_id: invoiceId }).select('step_days')).toEqual([{ step_days: 1 }]);
  });

  it('sends a step once when two workers run at the same moment', async () => {
    const client = await createClient(admin, { name: 'Twice Ltd', email: 'ap@twice.test', language: 'ru' });
    const invoice = await sentInvoice(client.id, '2027-07-01', '2027-07-15');
    at('2027-07-16');
    const other = new PaymentReminders(server.runtime.deps);
    const results = await Promise.all([server.runtime.services.billing.reminders.run(), other.run(), server.runtime.services.billing.reminders.run(), other.run()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    await server.runtime.mail.drain();
    const mails = smtp.received.filter((m) => m.to.includes('ap@twice.test'));
    // The invoice mail and one reminder, in Russian.
    expect(mails).toHaveLength(2);
    expect(subjectOf(mails[1]!.raw)).toBe(`Просрочен счёт ${invoice.invoice_number} со сроком оплаты 15.07.2027`);
    expect(textOf(mails[1]!)).toContain('просрочен на 1 день');
    expect(await server.testDb.db('payment_reminders').where({ invoice_id: invoice.id })).toHaveLength(1);
  });
});
