import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin, createInvoice } from '../../test/billing-fixtures';
import { testBackends } from '../../test/db';
import { startTestServer, type TestServer } from '../../test/server';
import { miniatureRendered, miniatureRenders, miniatureWebBuild, withWebDist } from '../../test/ssr-mini-build';
import type { SsrPageData } from '../platform/contracts/ssr.contract';
import { EARLY_SUBMIT_CSP_SOURCE, EARLY_SUBMIT_TAG } from './early-submit';
import { InvoiceService } from '../invoicing/invoice.service';

const dist = miniatureWebBuild();
const renders = miniatureRenders;
const rendered = miniatureRendered;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(testBackends())('server-rendered pages and no-script forms on $name', (backend) => {
  let server: TestServer;
  let now = new Date('2026-11-26T10:00:00Z');

  beforeAll(async () => {
    server = await withWebDist(dist, () => startTestServer(backend, { limits: { publicFormsPerIp: 6 }, clock: () => now, env: { SALES_EMAIL: 'sales@test.example' } }));
  });
  afterAll(() => server?.close());

  const get = (p: string, headers: Record<string, string> = {}) => server.client().agent.get(p).set(headers);
  // Every post of this file spends the one budget of the loopback address (6 a window).
  const post = (p: string, fields: Record<string, string>) => server.client().agent.post(p).set('content-type', 'application/x-www-form-urlencoded').send(form(fields));

  it('renders a page in the language of the query, else the cookie, else Accept-Language, else English', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/pricing?lng=ru', { cookie: 'i18next=el', 'accept-language': 'en' }, 'ru'],
      ['/pricing', { cookie: 'i18next=el', 'accept-language': 'ru' }, 'el'],
      ['/pricing', { 'accept-language': 'de-DE,ru;q=0.8' }, 'ru'],
      ['/pricing', { 'accept-language': 'de-DE' }, 'en'],
    ];
    for (const [url, headers, lng] of cases) {
      const res = await get(url, headers);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<html lang="${lng}"`);
      expect(res.text).toContain(`<h1>${{ en: 'Pricing', el: 'Τιμές', ru: 'Цены' }[lng]}</h1>`);
      expect(rendered(res.text).data).toMatchObject({ lng, today: '2026-11-26' });
      expect(res.headers.vary).toMatch(/Accept-Language/);
    }
  });

  it('answers a page with its ETag, a repeated conditional GET with 304, another language with another tag', async () => {
    const first = await get('/pricing?lng=el');
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect((await get('/pricing?lng=el')).headers.etag).toBe(etag);
    const again = await get('/pricing?lng=el', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    const ru = await get('/pricing?lng=ru', { 'if-none-match': etag });
    expect(ru.status).toBe(200);
    expect(ru.headers.etag).not.toBe(etag);
    expect(ru.text).toContain('<h1>Цены</h1>');
  });

  it('answers a repeated request within a second with the same page, its own request id, timed in the metrics', async () => {
    const pageCount = async () => {
      const metrics = (await get('/metrics')).text;
      const line = metrics.split('\n').find((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('method="GET"') && l.includes('status="200"') && l.includes('(api|graphql'));
      return Number(line?.split(' ').pop() ?? 0);
    };
    const before = await pageCount();
    const headers = { 'accept-language': 'ru', cookie: 'other=1' };
    const first = await get('/about-us?utm_source=mail', headers);
    const again = await get('/about-us?utm_source=mail', headers);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.text).toContain('<html lang="ru"');
    for (const header of ['etag', 'content-type', 'vary', 'cache-control', 'content-security-policy', 'x-frame-options']) {
      expect(again.headers[header], header).toBe(first.headers[header]);
    }
    expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(await pageCount()).toBe(before + 2);
    // The language cookie is part of what the page depends on.
    expect((await get('/about-us?utm_source=mail', { ...headers, cookie: 'other=1; i18next=el' })).text).toContain('<html lang="el"');
  });

  it('renders from the company settings, with the organisation and the plans as JSON-LD, and renders each page once', async () => {
    const first = await get('/pricing?lng=en');
    expect(rendered(first.text).data.company).toMatchObject({ name: 'Aegis GRC Ltd' });
    expect(first.text).toContain('"legalName":"Aegis GRC Ltd"');
    expect(first.text).toContain('"@type":"Product"');
    expect(first.text).toContain('<style>.css-x{}</style>');
    const count = renders();
    await get('/pricing?lng=en');
    expect(renders()).toBe(count);
    const home = await get('/?lng=en');
    expect(home.text).toContain('"@type":"Organization"');
    expect(home.text).not.toContain('"@type":"Product"');

    await server.testDb.db('company_settings').where({ id: 1 }).update({ name: 'Renamed Ltd' });
    now = new Date(now.getTime() + 10_000);
    const renamed = await get('/pricing?lng=en');
    expect(rendered(renamed.text).data.company).toMatchObject({ name: 'Renamed Ltd' });
    expect(renamed.text).toContain('"legalName":"Renamed Ltd"');
  });

  it('answers an unknown page 404, the pay link with its invoice, and leaves the admin to the browser', async () => {
    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('noindex');
    const client = await createClientWithLogin(server.runtime.deps, 'Render Holdings');
    const invoice = await createInvoice(server.runtime.deps, client.id, 80);
    const pay = await get(`/pay-invoice/${invoice.id}?lng=el`);
    expect(pay.status).toBe(200);
    expect(pay.text).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(rendered(pay.text).data.invoice).toMatchObject({ id: invoice.id, found: { id: invoice.id, total_amount: 80, client: { name: 'Render Holdings' } } });
    // A link that names no invoice is rendered with whom to contact: the company's details from the settings.
    await server.testDb.db('company_settings').where({ id: 1 }).update({ email: 'billing@render.example', phone: '+30 210 555 0100' });
    now = new Date(now.getTime() + 10_000);
    for (const id of ['not-an-id', '5b0c7d1e-2f3a-4b5c-8d9e-0a1b2c3d4e5f']) {
      const bad = rendered((await get(`/pay-invoice/${id}?lng=ru`)).text).data;
      expect(bad.invoice).toEqual({ id, found: null });
      expect(bad.company).toMatchObject({ email: 'billing@render.example', phone: '+30 210 555 0100' });
    }
    const admin = await get('/admin/clients');
    expect(admin.status).toBe(200);
    expect(admin.text).toContain('<div id="root"></div>');
  });

  it('starts the checkout from a Pay Now posted without scripts, and shows why when it cannot', async () => {
    const client = await createClientWithLogin(server.runtime.deps, 'Form Pay Ltd');
    const invoice = await createInvoice(server.runtime.deps, client.id, 42);
    const started = await server.client().agent.post(`/pay-invoice/${invoice.id}?lng=el`).set('content-type', 'application/x-www-form-urlencoded').send('');
    expect(started.status).toBe(303);
    expect(started.headers.location).toMatch(/\/simulated-checkout\//);
    // Paid meanwhile: the page again, with the invoice as it is now and the reason, in the visitor's language.
    await new InvoiceService(server.runtime.deps).markAsPaid(invoice.id, 'test');
    const paid = await server.client().agent.post(`/pay-invoice/${invoice.id}?lng=el`).set('content-type', 'application/x-www-form-urlencoded').send('');
    expect(paid.status).toBe(400);
    const page = rendered(paid.text);
    expect(page.data).toMatchObject({ lng: 'el', checkoutError: 'alreadyPaid', invoice: { id: invoice.id, found: { paid: true } } });
    const unknown = await server.client().agent.post('/pay-invoice/5b0c7d1e-2f3a-4b5c-8d9e-0a1b2c3d4e5f').set('content-type', 'application/x-www-form-urlencoded').send('');
    expect(unknown.status).toBe(404);
    expect(rendered(unknown.text).data).toMatchObject({ checkoutError: 'createSession', invoice: { found: null } });
  });

  it('answers a contact form posted without scripts with its field errors and everything typed, storing nothing', async () => {
    const res = await post('/contact?lng=el', { name: 'Νίκος', email: 'not-an-email', subject: '', message: 'Γεια', website: '' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('<html lang="el"');
    expect(rendered(res.text).data.form).toEqual({
      form: 'contact',
      values: { name: 'Νίκος', email: 'not-an-email', subject: '', message: 'Γεια' },
      errors: { email: 'Email Address is invalid.', subject: 'Subject is required.' },
      sent: false,
      message: 'Please correct the errors in the form.',
    });
    expect(await server.testDb.db('contact_messages').where({ name: 'Νίκος' }).first()).toBeUndefined();
  });

  it('stores a contact message and a demo request posted without scripts and says so', async () => {
    const contact = await post('/contact?lng=ru', { name: 'Иван', email: 'ivan@example.ru', subject: 'Цены', message: 'Позвоните.', website: '' });
    expect(contact.status).toBe(200);
    expect(rendered(contact.text).data.form).toEqual({ form: 'contact', values: {}, errors: {}, sent: true });
    expect(await server.testDb.db('contact_messages').where({ email: 'ivan@example.ru' }).first()).toMatchObject({ subject: 'Цены', language: 'ru' });
    expect((await server.testDb.db('mail_outbox').where('key', 'like', 'contact-message:%:sales')).length).toBeGreaterThan(0);

    const demo = await post('/demo-request', { name: 'Bo', email: 'bo@example.org', company: 'Bo Ltd', date: '2026-12-01', time: '10:30', message: '', website: '' });
    expect(demo.status).toBe(200);
    expect(rendered(demo.text).data.form).toMatchObject({ form: 'demo', sent: true });
    expect(await server.testDb.db('demo_requests').where({ email: 'bo@example.org' }).first()).toMatchObject({ company: 'Bo Ltd', time: '10:30', message: null });
  });

  it('carries the early-submit script first in the head, run under the CSP by its hash; a sign-in posted without scripts goes back to its page', async () => {
    const page = await get('/login?lng=el');
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' ${EARLY_SUBMIT_CSP_SOURCE};`);
    expect(page.text).toContain(`<head>\n    ${EARLY_SUBMIT_TAG}<title>`);
    // Signing in needs the scripts (the page says so): nothing posted is used or kept.
    const posted = await server.client().agent.post('/login?lng=el').type('form').send('username=admin&password=admin-password-1');
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe('/login?lng=el');
    expect(posted.headers['set-cookie']).toBeUndefined();
  });

  it('refuses anything but a browser form post (JSON goes to the API) with a JSON message', async () => {
    const res = await server.client().agent.post('/contact').send({ name: 'A' });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/x-www-form-urlencoded/);
  });

  it('takes a filled honeypot as sent and stores nothing; shares the JSON endpoints\u2019 rate limit', async () => {
    const spam = await post('/contact', { name: 'Bot', email: 'bot@spam.example', subject: 'x', message: 'x', website: 'http://spam.example' });
    expect(rendered(spam.text).data.form).toMatchObject({ sent: true });
    expect(await server.testDb.db('contact_messages').where({ email: 'bot@spam.example' }).first()).toBeUndefined();
    let last = 0;
    for (let i = 0; i < 2; i++) last = (await server.client().agent.post('/api/contact/').send({ name: 'A', email: 'a@b.co', subject: 's', message: 'm' })).status;
    expect(last).toBe(201);
    const limited = await post('/contact', { name: 'A', email: 'a@b.co', subject: 's', message: 'm', website: '' });
    expect(limited.status).toBe(429);
    expect(rendered(limited.text).data.form).toMatchObject({ sent: false, values: { name: 'A', email: 'a@b.co' }, message: 'Too many requests. Please try again later.' });
  });
});
