import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { headerOf, mimePart, startSmtpServer } from '../../test/smtp';
import { invoiceStreamId } from '../../domain/invoice/events';
import { invoiceMailReactor } from './invoice-mail.reactor';
import { adminOf, createClient, createInvoice } from './test/fixtures';

describe.each(testBackends())('sending an invoice by e-mail on $name', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(backend, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'billing@seller.test' } });
    admin = await adminOf(server);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('delivers the translated message with the PDF to the client over SMTP, once per send', async () => {
    const client = await createClient(admin, { name: 'Ελληνική Εταιρεία', email: 'logistirio@example.gr', language: 'el' });
    const invoice = await createInvoice(admin, {
      client: client.id,
      date: '2026-03-01',
      due_date: '2026-03-15',
      items: [{ description: 'Συνδρομή Professional', quantity: 1, unit_price: 2000, vat_rate: 19 }],
    });
    const res = await admin.post(`/api/invoices/${invoice.id}/send/`);
    expect(res.status).toBe(200);
    expect(res.body.invoice.sent).toBe(true);

    const events = await server.runtime.deps.eventStore.readStream(invoiceStreamId(invoice.id));
    const sent = events.find((e) => e.type === 'InvoiceSent')!;
    expect(sent.data).toMatchObject({ to: 'logistirio@example.gr', payUrl: `${server.url}/pay-invoice/${invoice.id}` });
    expect(await server.runtime.deps.projections.waitFor(sent.position, { includeReactors: true, timeoutMs: 20_000 })).toBe(true);
    await server.runtime.mail.drain();

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['logistirio@example.gr']);
    // MAIL_FROM wins over the company settings: envelope and From header.
    expect(mail.from).toBe('billing@seller.test');
    expect(headerOf(mail.raw, 'From')).toBe('billing@seller.test');
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?/);
    const text = mimePart(mail.raw, 'text/plain')?.toString('utf8') ?? mail.raw;
    expect(text).toContain('Αγαπητέ/ή Ελληνική Εταιρεία');
    expect(text).toContain(`/pay-invoice/${invoice.id}`);
    expect(text).toContain('2.380,00');
    // The HTML part says the same, with the company's name on top and a Pay now button to the pay page.
    const html = mimePart(mail.raw, 'text/html')?.toString('utf8') ?? '';
    expect(html).toMatch(/^<!DOCTYPE html/i);
    expect(html).toContain('lang="el"');
    expect(html).toContain('Αγαπητέ/ή Ελληνική Εταιρεία');
    expect(html).toMatch(new RegExp(`<a[^>]+href="${server.url}/pay-invoice/${invoice.id}"[^>]*>.*Πληρωμή τώρα`, 's'));
    const company = await server.testDb.db('company_settings').where({ id: 1 }).first('name');
    expect(html).toContain(company.name);
    expect(text).toContain(company.name);
    const pdf = mimePart(mail.raw, 'application/pdf');
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mail.raw).toContain(`invoice-${invoice.invoice_number}.pdf`);
    // Beside the PDF, the EN 16931 e-invoice with the same number and total.
    const xml = mimePart(mail.raw, 'application/xml')?.toString('utf8');
    expect(xml).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(xml).toContain(`<cbc:ID>${invoice.invoice_number}</cbc:ID>`);
    expect(xml).toContain('Ελληνική Εταιρεία');
    expect(xml).toMatch(/<cbc:PayableAmount currencyID="EUR">2380.00<\/cbc:PayableAmount>/);
    expect(mail.raw).toContain(`invoice-${invoice.invoice_number}.xml`);

    // a replay of the same event (crash before the checkpoint moved) queues nothing new
    await server.testDb.db.transaction((trx) => invoiceMailReactor.handle(trx, [sent]));
    const queued = await server.testDb.db('mail_outbox').where({ to: 'logistirio@example.gr' });
    expect(queued).toHaveLength(1);

    // sending again is a new event and a new message
    await admin.post(`/api/invoices/${invoice.id}/send/`);
    const again = (await server.runtime.deps.eventStore.readStream(invoiceStreamId(invoice.id))).at(-1)!;
    await server.runtime.deps.projections.waitFor(again.position, { includeReactors: true, timeoutMs: 20_000 });
    await server.runtime.mail.drain();
    expect(smtp.received).toHaveLength(2);
  });

  it("goes out under the company's name when MAIL_FROM is unset, and a paid invoice gets no button", async () => {
    const plain = await startTestServer(backend, { env: { SMTP_URL: smtp.url } });
    try {
      const padmin = await adminOf(plain);
      await plain.testDb.db('company_settings').where({ id: 1 }).update({ name: 'Ασπίδα GRC Λτδ', email: 'accounts@aspida.test' });
      const client = await createClient(padmin, { name: 'Paid Up Ltd', email: 'paid-up@example.com', language: 'en' });
      const invoice = await createInvoice(padmin, { client: client.id, date: '2026-03-01', due_date: '2026-03-15', items: [{ description: 'Audit', quantity: 1, unit_price: 100, vat_rate: 19 }] });
      expect((await padmin.post(`/api/invoices/${invoice.id}/mark_as_paid/`)).status).toBe(200);
      expect((await padmin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
      const last = (await plain.runtime.deps.eventStore.readStream(invoiceStreamId(invoice.id))).at(-1)!;
      await plain.runtime.deps.projections.waitFor(last.position, { includeReactors: true, timeoutMs: 20_000 });
      await plain.runtime.mail.drain();
      const mail = smtp.received.find((m) => m.to[0] === 'paid-up@example.com')!;
      expect(mail.from).toBe('accounts@aspida.test');
      expect(/^From: (.*)$/m.exec(mail.raw)?.[1]).toMatch(/^=\?UTF-8\?/);
      expect(headerOf(mail.raw, 'From')).toBe('Ασπίδα GRC Λτδ <accounts@aspida.test>');
      const html = mimePart(mail.raw, 'text/html')?.toString('utf8') ?? '';
      expect(html).toContain('This invoice has already been paid.');
      expect(html).not.toContain('Pay now');
      expect(mimePart(mail.raw, 'text/plain')?.toString('utf8')).not.toContain('Pay now');
    } finally {
      await plain.close();
    }
  });

  it('mails a credit note on a sent invoice with its PDF and e-invoice, and a Pay now button for what is still owed', async () => {
    const client = await createClient(admin, { name: 'Кредит Клиент', email: 'credit-mail@example.com', language: 'ru' });
    const invoice = await createInvoice(admin, { client: client.id, date: '2026-03-01', due_date: '2026-03-15', items: [{ description: 'Audit', quantity: 1, unit_price: 1000, vat_rate: 19 }] });
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    const note = await admin.post(`/api/invoices/${invoice.id}/credit-notes/`, { reason: 'Скидка', items: [{ description: 'Audit discount', quantity: 1, unit_price: 100, vat_rate: 19 }] });
    expect(note.status).toBe(201);
    const last = (await server.runtime.deps.eventStore.readStream(invoiceStreamId(invoice.id))).at(-1)!;
    expect(last.type).toBe('InvoiceCredited');
    expect(await server.runtime.deps.projections.waitFor(last.position, { includeReactors: true, timeoutMs: 20_000 })).toBe(true);
    await server.runtime.mail.drain();
    const mails = smtp.received.filter((m) => m.to[0] === 'credit-mail@example.com');
    expect(mails).toHaveLength(2);
    const mail = mails[1]!;
    const text = mimePart(mail.raw, 'text/plain')!.toString('utf8');
    expect(text).toContain('Уважаемый(ая) Кредит Клиент');
    expect(text).toContain('119,00');
    expect(text).toContain('Остаток к оплате');
    expect(text).toContain('1.071,00');
    const html = mimePart(mail.raw, 'text/html')!.toString('utf8');
    expect(html).toMatch(new RegExp(`<a[^>]+href="${server.url}/pay-invoice/${invoice.id}"[^>]*>.*Оплатить`, 's'));
    expect(mimePart(mail.raw, 'application/pdf')?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mimePart(mail.raw, 'application/xml')?.toString('utf8')).toContain('<CreditNote xmlns=');
    // A credit note on an invoice never sent stays with the admin.
    const draft = await createInvoice(admin, { client: client.id, date: '2026-03-02', due_date: '2026-03-16', items: [{ description: 'Audit', quantity: 1, unit_price: 50, vat_rate: 19 }] });
    await admin.post(`/api/invoices/${draft.id}/mark_as_paid/`);
    expect((await admin.post(`/api/invoices/${draft.id}/credit-notes/`, { reason: 'Cancelled' })).status).toBe(201);
    const end = (await server.runtime.deps.eventStore.readStream(invoiceStreamId(draft.id))).at(-1)!;
    await server.runtime.deps.projections.waitFor(end.position, { includeReactors: true, timeoutMs: 20_000 });
    await server.runtime.mail.drain();
    expect(smtp.received.filter((m) => m.to[0] === 'credit-mail@example.com')).toHaveLength(2);
  });
});
