import type { Browser, Page } from 'playwright-core';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin, createInvoice } from '../billing-fixtures';
import { collectPageErrors, launchBrowser, newPage, signIn } from '../browser';
import { testBackends } from '../db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../server';

/**
 * Hostile text stored through the API must come back on screen as text. The page runs with CSP
 * bypassed, so an escaping bug would execute here even though production's CSP would block it:
 * the test checks the escaping itself. Needs `npx vite build` (or TEST_WEB_DIST) first.
 */
const MARK = 'xss-probe';
const PAYLOADS = [
  `<img src=x data-${MARK}=1 onerror="window.__xss.push('img')">`,
  `<script data-${MARK}=1>window.__xss.push('script')</script>`,
  `"><svg data-${MARK}=1 onload="window.__xss.push('svg')">`,
  `javascript:window.__xss.push('href')`,
];
const NAME = `Evil ${PAYLOADS[0]} Ltd`;
/** The img payload's kind of markup, with a mark of its own (not counted among the payloads). */
const CONTROL = `<img src=x data-xss-control=1 onerror="window.__xss.push('control')">`;

describe('stored hostile text renders escaped in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestClient;
  let invoiceId: string;
  let clientId: string;
  let portalLogin: { username: string; password: string };

  beforeAll(async () => {
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000, publicFormsPerIp: 1000 } });
    admin = server.client();
    await admin.login();
    const deps = server.runtime.deps;
    const c = await createClientWithLogin(deps, NAME);
    clientId = c.id;
    portalLogin = { username: c.username, password: c.password };
    const { version } = (await admin.get(`/api/clients/${c.id}/`)).body;
    const put = await admin.put(`/api/clients/${c.id}/`, { name: NAME, email: c.email, address: PAYLOADS[2], vat_number: PAYLOADS[3].slice(0, 30), country: 'US', version }); // outside the EU a tax id is kept as written
    expect(put.status, put.text).toBe(200);
    expect((await admin.post('/api/products/', { name: PAYLOADS[1], price: 5, billing_cycle: 'monthly', vat_rate: 19 })).status).toBe(201);
    const inv = await createInvoice(deps, c.id, 10);
    invoiceId = inv.id;
    const putInvoice = await admin.put(`/api/invoices/${inv.id}/`, { client: c.id, date: '2026-11-01', due_date: '2026-11-15', version: inv.version, items: [{ description: PAYLOADS[0], unit_price: 10, vat_rate: 0 }] });
    expect(putInvoice.status, putInvoice.text).toBe(200);
    const contact = await supertest(server.url).post('/api/contact/').send({ name: PAYLOADS[2], email: 'evil@example.com', subject: PAYLOADS[0], message: `${PAYLOADS[1]} please call me back about pricing` });
    expect(contact.status).toBeLessThan(300);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const fired = async (page: Page) => page.evaluate(() => (window as unknown as { __xss: string[] }).__xss);
  const visit = async (page: Page, path: string, expectText: string) => {
    await page.goto(path);
    await page.getByText(expectText, { exact: false }).first().waitFor({ timeout: 30_000 });
    // A control, inserted unescaped on purpose once the screen shows the payloads: its image is the
    // img payload's failing one, so when its handler has run, that of any payload the screen put in
    // unescaped before it has had its chance to run too.
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), CONTROL);
    await page.waitForFunction(() => (window as unknown as { __xss: string[] }).__xss.includes('control'));
    const injected = await page.evaluate((mark) => document.querySelectorAll(`[data-${mark}]`).length, MARK);
    return { injected, fired: (await fired(page)).filter((f) => f !== 'control') };
  };

  const login = async (page: Page, username: string, password: string, landing: RegExp) => {
    await signIn(page, { username, password });
    await page.waitForURL((u) => landing.test(u.pathname));
  };

  it('shows the payloads as text on the admin screens', async () => {
    const { page } = await newPage(browser, server.url);
    await page.addInitScript(() => ((window as unknown as { __xss: string[] }).__xss = []));
    const errors = collectPageErrors(page);
    await login(page, ADMIN.username, ADMIN.password, /^\/admin/);
    const screens: [string, string][] = [
      ['/admin/clients', 'Evil <img'],
      [`/admin/clients/${clientId}`, 'Evil <img'],
      ['/admin/products', '<script data-'],
      ['/admin/invoices', 'Evil <img'],
      ['/admin/inbox', '<svg data-'],
    ];
    for (const [path, text] of screens) {
      const { injected, fired } = await visit(page, path, text);
      expect(injected, path).toBe(0);
      expect(fired, path).toEqual([]);
    }
    expect(errors.filter((e) => /xss/i.test(e))).toEqual([]);
    // The probe itself works: markup inserted unescaped is found and its handler fires.
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), PAYLOADS[0]);
    await page.waitForFunction(() => (window as unknown as { __xss: string[] }).__xss.includes('img'));
    expect(await page.evaluate((mark) => document.querySelectorAll(`[data-${mark}]`).length, MARK)).toBe(1);
    expect(await fired(page)).toEqual(['control', 'img']);
  });

  it('shows them as text on the client portal and the public pay page', async () => {
    const { page } = await newPage(browser, server.url);
    await page.addInitScript(() => ((window as unknown as { __xss: string[] }).__xss = []));
    await login(page, portalLogin.username, portalLogin.password, /^\/portal/);
    const portal = await visit(page, '/portal', 'Evil <img');
    expect(portal.injected).toBe(0);
    expect(portal.fired).toEqual([]);
    const pay = await visit(page, `/pay-invoice/${invoiceId}`, 'Evil <img');
    expect(pay.injected).toBe(0);
    expect(pay.fired).toEqual([]);
  });
});
