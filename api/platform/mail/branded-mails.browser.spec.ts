import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP_WIDTH, launchBrowser, MOBILE_WIDTH, newPage, screenshot } from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/server';
import { mimePart, startSmtpServer, type ReceivedMail } from '../../../test/smtp';
import { adminOf, createClient, createInvoice } from '../../invoicing/test/fixtures';

type Lng = 'en' | 'el' | 'ru';
const LANGUAGES: Lng[] = ['en', 'el', 'ru'];

/** Every kind of branded mail, and whether it asks for money (a Pay now button) or a login. */
const KINDS = {
  invoice: 'pay',
  'credit-note': 'pay',
  reminder: 'pay',
  'payment-settled': 'none',
  'payment-partial': 'pay',
  welcome: 'login',
  contact: 'none',
  demo: 'none',
} as const;
type Kind = keyof typeof KINDS;

const PAY_NOW: Record<Lng, string> = { en: 'Pay now', el: 'Πληρωμή τώρα', ru: 'Оплатить' };
const VAT_LABEL: Record<Lng, string> = { en: 'VAT number', el: 'ΑΦΜ', ru: 'Номер плательщика НДС' };

/**
 * The HTML part of every kind of mail, as the server really sends it (received over SMTP), laid
 * out in Chromium on a desktop and a 375 px phone in en, el and ru. Screenshots go to
 * /work/screens/mails/<kind>-<lng>-<width>.png.
 */
describe('branded mails in Chromium, as received over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  let admin: TestClient;
  let browser: Browser;
  let now = new Date('2026-03-02T09:00:00Z');
  const company = {
    name: 'Ασπίδα GRC Λτδ',
    address: 'Λεωφόρος Μακαρίου 1, 1065 Λευκωσία, Κύπρος',
    email: 'accounts@aspida.test',
    phone: '+357 22 000000',
    vat_number: 'CY10000000D',
    registration_number: 'HE 123456',
  };
  const mails = new Map<string, string>();

  const deliveredTo = async (address: string, count: number): Promise<ReceivedMail[]> => {
    for (let i = 0; i < 200; i++) {
      await server.runtime.mail.drain();
      const found = smtp.received.filter((m) => m.to[0] === address);
      if (found.length >= count) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`fewer than ${count} mails reached ${address}`);
  };
  const keep = (kind: Kind, lng: Lng, mail: ReceivedMail) => mails.set(`${kind}-${lng}`, mimePart(mail.raw, 'text/html')!.toString('utf8'));
  const item = (quantity: number) => [{ description: 'GRC Professional', quantity, unit_price: 1250, vat_rate: 19 }];
  const sentInvoice = async (clientId: string) => {
    const invoice = await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items: item(1) });
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    return invoice;
  };
  const cardPayment = async (clientId: string, partial: boolean) => {
    const invoice = await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-15', items: item(1) });
    const anon = new TestClient(server.url);
    const session = await anon.post(`/api/invoices/${invoice.id}/create-checkout-session/`, {});
    expect(session.status).toBe(200);
    // Grown while the client was at the checkout: the card pays what it was asked, the rest stays open.
    if (partial) expect((await admin.put(`/api/invoices/${invoice.id}/`, { client: clientId, date: '2026-03-01', due_date: '2026-03-15', version: invoice.version, items: item(2) })).status).toBe(200);
    expect((await anon.post(`/simulated-checkout/${new URL(session.body.url).pathname.split('/').pop()}/pay`)).status).toBe(303);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(testBackends()[0]!, { env: { SMTP_URL: smtp.url }, limits: { publicFormsPerIp: 1000 }, clock: () => now });
    admin = await adminOf(server);
    await server.testDb.db('company_settings').where({ id: 1 }).update(company);
    for (const lng of LANGUAGES) {
      const clientOf = (kind: Kind) => createClient(admin, { name: `${lng.toUpperCase()} Northwind Assurance Ltd`, email: `${kind}-${lng}@mail.test`, language: lng });
      now = new Date('2026-03-02T09:00:00Z');
      const invoiceClient = await clientOf('invoice');
      await sentInvoice(invoiceClient.id);
      keep('invoice', lng, (await deliveredTo(`invoice-${lng}@mail.test`, 1))[0]!);

      const creditClient = await clientOf('credit-note');
      const credited = await sentInvoice(creditClient.id);
      expect((await admin.post(`/api/invoices/${credited.id}/credit-notes/`, { reason: 'Discount', items: [{ description: 'Discount', quantity: 1, unit_price: 250, vat_rate: 19 }] })).status).toBe(201);
      keep('credit-note', lng, (await deliveredTo(`credit-note-${lng}@mail.test`, 2))[1]!);

      const reminderClient = await clientOf('reminder');
      await sentInvoice(reminderClient.id);
      await deliveredTo(`reminder-${lng}@mail.test`, 1);
      now = new Date('2026-03-16T09:00:00Z');
      await server.runtime.services.billing.reminders.run();
      keep('reminder', lng, (await deliveredTo(`reminder-${lng}@mail.test`, 2))[1]!);

      for (const partial of [false, true]) {
        const kind = partial ? 'payment-partial' : 'payment-settled';
        await cardPayment((await clientOf(kind)).id, partial);
        keep(kind, lng, (await deliveredTo(`${kind}-${lng}@mail.test`, 1))[0]!);
      }

      const welcomeClient = await clientOf('welcome');
      expect((await admin.post(`/api/clients/${welcomeClient.id}/create_user/`)).status).toBe(201);
      keep('welcome', lng, (await deliveredTo(`welcome-${lng}@mail.test`, 1))[0]!);

      const visitor = () => server.client().agent;
      expect((await visitor().post('/api/contact/').set('Cookie', `i18next=${lng}`).send({ name: 'Visitor', email: `contact-${lng}@mail.test`, subject: 'Prices', message: 'Hello' })).status).toBe(201);
      keep('contact', lng, (await deliveredTo(`contact-${lng}@mail.test`, 1))[0]!);
      expect((await visitor().post('/api/demo-request/').set('Cookie', `i18next=${lng}`).send({ name: 'Visitor', email: `demo-${lng}@mail.test`, company: 'Visitor Co', date: '2099-03-02', time: '09:30' })).status).toBe(201);
      keep('demo', lng, (await deliveredTo(`demo-${lng}@mail.test`, 1))[0]!);
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  /** How far the document reaches past the window's right edge (0: no sideways scroll). */
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  for (const kind of Object.keys(KINDS) as Kind[]) {
    for (const lng of LANGUAGES) {
      it(`lays out the ${kind} mail in ${lng} on a desktop and at 375 px`, async () => {
        const html = mails.get(`${kind}-${lng}`)!;
        expect(html).toContain(`lang="${lng}"`);
        for (const width of [DESKTOP_WIDTH, MOBILE_WIDTH]) {
          const { context, page } = await newPage(browser, server.url, { width });
          await page.setContent(html, { waitUntil: 'load' });
          expect(await overflow(page), `${kind} ${lng} ${width}: sideways scroll`).toBeLessThanOrEqual(0);
          // Every block of the mail inside the window: nothing cut at the right edge.
          const widest = await page.evaluate(() => Math.max(...Array.from(document.body.querySelectorAll('*')).map((e) => e.getBoundingClientRect().right)));
          expect(widest, `${kind} ${lng} ${width}: a block past the right edge`).toBeLessThanOrEqual(width);
          const text = await page.locator('body').innerText();
          expect(text).toContain(company.name);
          expect(text).toContain(company.address);
          expect(text).toContain(`${VAT_LABEL[lng]}: ${company.vat_number}`);
          expect(text).toContain(`${company.phone} · ${company.email}`);
          const payNow = page.getByRole('link', { name: PAY_NOW[lng], exact: true });
          if (KINDS[kind] === 'pay') {
            await payNow.waitFor();
            expect(await payNow.getAttribute('href')).toMatch(/\/pay-invoice\/[0-9a-f-]{36}$/);
            const box = (await payNow.boundingBox())!;
            expect(box.x).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width).toBeLessThanOrEqual(width);
            // Large enough to hit with a thumb.
            expect(box.height).toBeGreaterThanOrEqual(40);
          } else {
            expect(await payNow.count()).toBe(0);
          }
          if (KINDS[kind] === 'login') expect(await page.locator('a[href$="/login"]').count()).toBeGreaterThan(0);
          expect(await axeViolations(page), `${kind} ${lng} ${width}: axe`).toEqual([]);
          await screenshot(page, `mails/${kind}-${lng}-${width}`);
          await context.close();
        }
      });
    }
  }
});
