import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../test/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/server';
import { headerOf, mimePart, startSmtpServer, subjectOf, type ReceivedMail } from '../../../test/smtp';
import { adminOf, createClient, createInvoice } from '../../invoicing/test/fixtures';

/** The welcome, payment confirmation, contact and demo confirmation mails as a client receives them over SMTP: both parts, branded. */
describe.each(testBackends())('branded HTML mails on $name', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  let admin: TestClient;
  const company = { name: 'Ασπίδα GRC Λτδ', address: 'Λεωφόρος Μακαρίου 1, Λευκωσία', email: 'accounts@aspida.test', phone: '+357 22 000000', vat_number: 'CY10000000D' };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(backend, { env: { SMTP_URL: smtp.url }, limits: { publicFormsPerIp: 1000 } });
    admin = await adminOf(server);
    await server.testDb.db('company_settings').where({ id: 1 }).update(company);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const deliveredTo = async (address: string, count: number): Promise<ReceivedMail[]> => {
    for (let i = 0; i < 100; i++) {
      await server.runtime.mail.drain();
      const mails = smtp.received.filter((m) => m.to[0] === address);
      if (mails.length >= count) return mails;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`fewer than ${count} mails reached ${address}`);
  };
  const partsOf = (mail: ReceivedMail) => ({ text: mimePart(mail.raw, 'text/plain')!.toString('utf8'), html: mimePart(mail.raw, 'text/html')!.toString('utf8') });

  it("welcomes a portal user in the client's language with a Log in button, the company's details and its name as sender", async () => {
    const client = await createClient(admin, { name: 'Ελληνική Πελάτισσα', email: 'welcome@example.gr', language: 'el' });
    const created = await admin.post(`/api/clients/${client.id}/create_user/`);
    expect(created.status).toBe(201);
    const [mail] = await deliveredTo('welcome@example.gr', 1);
    expect(subjectOf(mail!.raw)).toBe('Ο λογαριασμός σας στην πύλη πελατών');
    expect(mail!.from).toBe('accounts@aspida.test');
    const { text, html } = partsOf(mail!);
    for (const part of [text, html]) {
      expect(part).toContain('Αγαπητέ/ή Ελληνική Πελάτισσα');
      expect(part).toContain(created.body.username);
      expect(part).toContain(company.address);
      expect(part).toContain(`ΑΦΜ: ${company.vat_number}`);
    }
    expect(html).toMatch(new RegExp(`<a[^>]+href="${server.url}/login"[^>]*>.*Σύνδεση`, 's'));
    expect(html).toContain('lang="el"');
  });

  it('confirms a card payment in HTML and text, with no Pay now button', async () => {
    const client = await createClient(admin, { name: 'Card Payer Ltd', email: 'card-payer@example.com', language: 'en' });
    const invoice = await createInvoice(admin, { client: client.id, date: '2026-03-01', due_date: '2026-03-15', items: [{ description: 'Audit', quantity: 1, unit_price: 200, vat_rate: 19 }] });
    const anon = new TestClient(server.url);
    const session = await anon.post(`/api/invoices/${invoice.id}/create-checkout-session/`, {});
    expect(session.status).toBe(200);
    const sid = new URL(session.body.url).pathname.split('/').pop();
    expect((await anon.post(`/simulated-checkout/${sid}/pay`)).status).toBe(303);
    const [mail] = await deliveredTo('card-payer@example.com', 1);
    expect(subjectOf(mail!.raw)).toBe(`Payment received for invoice ${invoice.invoice_number}`);
    const { text, html } = partsOf(mail!);
    for (const part of [text, html]) {
      expect(part).toContain('Thank you for your payment of 238,00');
      expect(part).toContain('This invoice is now settled.');
      expect(part).toContain(company.name);
    }
    expect(html).not.toContain('Pay now');
    expect(text).not.toContain('Pay now');
  });

  it('after a card payment that leaves money open, says what was paid and what is still owed, with Pay now', async () => {
    const client = await createClient(admin, { name: 'Part Payer Ltd', email: 'part-payer@example.com', language: 'en' });
    const invoice = await createInvoice(admin, { client: client.id, date: '2026-03-01', due_date: '2026-03-15', items: [{ description: 'Audit', quantity: 1, unit_price: 200, vat_rate: 19 }] });
    const anon = new TestClient(server.url);
    const session = await anon.post(`/api/invoices/${invoice.id}/create-checkout-session/`, {});
    expect(session.status).toBe(200);
    // The invoice grows while the client is at the checkout: the card pays the 238,00 € it was asked.
    const edited = await admin.put(`/api/invoices/${invoice.id}/`, { client: client.id, date: '2026-03-01', due_date: '2026-03-15', version: invoice.version, items: [{ description: 'Audit', quantity: 2, unit_price: 200, vat_rate: 19 }] });
    expect(edited.status).toBe(200);
    const sid = new URL(session.body.url).pathname.split('/').pop();
    expect((await anon.post(`/simulated-checkout/${sid}/pay`)).status).toBe(303);
    const [mail] = await deliveredTo('part-payer@example.com', 1);
    const { text, html } = partsOf(mail!);
    for (const part of [text, html]) {
      expect(part).toContain('Thank you for your payment of 238,00');
      expect(part).toMatch(/Amount paid(:|<\/td>.*?)\s*238,00/s);
      expect(part).toMatch(/Still to pay(:|<\/td>.*?)\s*238,00/s);
      expect(part).toContain('There is still 238,00\u00a0€ to pay on this invoice.');
      expect(part).not.toContain('settled');
    }
    expect(text).toMatch(new RegExp(`Pay now:\\r?\\n${server.url}/pay-invoice/${invoice.id}`));
    expect(html).toMatch(new RegExp(`<a[^>]+href="${server.url}/pay-invoice/${invoice.id}"[^>]*>.*Pay now`, 's'));
  });

  it.each([
    ['contact', '/api/contact/', { name: 'Посетитель', email: 'contact-ru@example.com', subject: 'Вопрос', message: 'Хочу узнать цены' }, 'Мы получили ваше сообщение – Ασπίδα GRC Λτδ', 'Благодарим за обращение.'],
    ['demo', '/api/demo-request/', { name: 'Посетитель', email: 'demo-ru@example.com', company: 'Typed Co', date: '2099-03-02', time: '09:30', message: 'Typed text' }, 'Ваш запрос на демонстрацию Ασπίδα GRC Λτδ', 'Мы получили запрос на демонстрацию GRC-платформы Ασπίδα GRC Λτδ'],
  ])('confirms a %s form in the language the site was read in, over SMTP in HTML and text, with no Pay now', async (kind, path, body, subject, sentence) => {
    const res = await server.client().agent.post(path).set('Cookie', 'i18next=ru').send(body);
    expect(res.status).toBe(201);
    const [mail] = await deliveredTo(body.email, 1);
    expect(subjectOf(mail!.raw)).toBe(subject);
    expect(mail!.from).toBe(company.email);
    expect(headerOf(mail!.raw, 'From')).toBe(`${company.name} <${company.email}>`);
    const { text, html } = partsOf(mail!);
    expect(html).toContain('lang="ru"');
    for (const part of [text, html]) {
      expect(part).toContain('Здравствуйте,');
      expect(part).toContain(sentence);
      expect(part).toContain('С уважением,');
      expect(part).toContain(company.address);
      expect(part).toContain(`${company.phone} · ${company.email}`);
      expect(part).toContain(`Номер плательщика НДС: ${company.vat_number}`);
      // Nothing the visitor typed goes to an unverified address, and there is nothing to pay.
      expect(part).not.toMatch(/Typed|Хочу узнать|Посетитель/);
      expect(part).not.toMatch(/Pay now|Оплатить/);
    }
    if (kind === 'demo') for (const part of [text, html]) expect(part).toContain('02.03.2099 в 09:30');
  });
});
