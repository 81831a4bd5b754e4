import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_SUBMIT_TAKEOVER } from '../../../api/platform/contracts/ssr.contract';
import { EARLY_SUBMIT_CSP_SOURCE } from '../../../api/public/early-submit';
import { createClientWithLogin, createInvoice } from '../../../test/billing-fixtures';
import { launchBrowser, MOBILE_WIDTH, newPage, screenshot } from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { startTestServer, type TestServer } from '../../../test/server';
import { readLocale } from '../../../test/web-i18n';

// Needs `npm run build` first: the test server serves dist/web and renders with dist/ssr.
const SSR_ENTRY = path.resolve(import.meta.dirname, '../../../dist/ssr/entry-server.mjs');
const SCREENS = 'i20-ssr';
const LANGUAGES = ['en', 'el', 'ru'] as const;
type Lng = (typeof LANGUAGES)[number];

const locales = Object.fromEntries(LANGUAGES.map((lng) => [lng, readLocale(lng)])) as Record<Lng, Record<string, unknown>>;
const text = (lng: Lng, key: string): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locales[lng]);
  if (typeof value !== 'string') throw new Error(`no text ${key} in ${lng}`);
  return value;
};

/** Each public route: its heading and some of its main texts (translation keys). */
const ROUTES: Record<string, { heading: string; texts: string[] }> = {
  '/': { heading: 'home.title', texts: ['home.intro', 'home.points.standards', 'home.exploreFeatures', 'nav.features', 'nav.pricing', 'footer.terms'] },
  '/features': { heading: 'features.title', texts: ['features.intro', 'features.items.riskRegistry.title', 'features.items.riskRegistry.description', 'features.items.ai.title', 'features.ctaTitle'] },
  '/about-us': { heading: 'about.title', texts: ['about.lead', 'about.story1', 'about.expertise.riskManagers.title', 'about.mission', 'about.presentationLink'] },
  '/why-us': { heading: 'whyUs.title', texts: ['whyUs.lead', 'whyUs.items.integrated.title', 'whyUs.items.integrated.text', 'whyUs.items.support.title'] },
  '/pricing': { heading: 'pricing.title', texts: ['pricing.professional.name', 'pricing.professional.tagline', 'pricing.enterprise.name', 'pricing.enterprise.price', 'pricing.perMonth'] },
  '/contact': { heading: 'contact.title', texts: ['contact.lead', 'contact.formTitle', 'contact.fields.name', 'contact.fields.email', 'contact.fields.message', 'contact.companyTitle', 'contact.submit'] },
  '/demo-request': { heading: 'demo.title', texts: ['demo.lead', 'demo.fields.company', 'demo.fields.date', 'demo.expectTitle', 'demo.expect.tour', 'demo.submit'] },
  '/terms-and-conditions': { heading: 'terms.title', texts: ['terms.sections.acceptance.title', 'terms.sections.privacy.title', 'terms.sections.governingLaw.title'] },
  '/login': { heading: 'auth.title', texts: ['auth.username', 'auth.password', 'auth.login'] },
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: '\u00a0' };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!);
/** The visible text of the body as a crawler without scripts reads it (tags out, whitespace collapsed). */
const bodyText = (html: string) =>
  decode(
    (/<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '')
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const h1Of = (html: string) => squash(decode((/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '')));

describe('the public website rendered on the server', () => {
  let server: TestServer;
  let browser: Browser;
  let invoice: { id: string; number: string; client: string };

  beforeAll(async () => {
    if (!fs.existsSync(SSR_ENTRY)) throw new Error('dist/ssr is missing: run `npm run build` before the browser tests');
    server = await startTestServer(testBackends()[0]!, { limits: { publicFormsPerIp: 1000 } });
    const client = await createClientWithLogin(server.runtime.deps, 'Hydra Holdings');
    const created = await createInvoice(server.runtime.deps, client.id, 1250);
    const row = await server.testDb.db('public_invoices').where({ id: created.id }).first('invoice_number');
    invoice = { id: created.id, number: row.invoice_number as string, client: client.name };
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  // How the server may learn the language: the query string, the cookie or Accept-Language.
  const fetchPage = (route: string, lng: Lng, via: 'query' | 'cookie' | 'header') =>
    fetch(`${server.url}${route}${via === 'query' ? `?lng=${lng}` : ''}`, {
      headers: via === 'cookie' ? { cookie: `i18next=${lng}`, 'accept-language': 'de-DE' } : via === 'header' ? { 'accept-language': `${lng}-XX,${lng};q=0.9,en;q=0.5` } : {},
    });

  it.each(LANGUAGES)('answers every public route in %s with its heading and main texts in the HTML', async (lng) => {
    const company = await server.testDb.db('company_settings').where({ id: 1 }).first('name');
    for (const [i, [route, expected]] of Object.entries(ROUTES).entries()) {
      const res = await fetchPage(route, lng, (['query', 'cookie', 'header'] as const)[i % 3]!);
      expect(res.status, route).toBe(200);
      const html = await res.text();
      expect(html, route).toContain(`<html lang="${lng}"`);
      expect(h1Of(html), route).toBe(squash(text(lng, expected.heading)));
      const body = bodyText(html);
      for (const key of expected.texts) expect(body, `${route} ${key}`).toContain(squash(text(lng, key)));
      // The organisation's JSON-LD on every public page, from the company settings.
      expect(html, route).toContain('"@type":"Organization"');
      expect(html, route).toContain(`"legalName":${JSON.stringify(company.name)}`);
      if (route === '/contact') expect(body).toContain(company.name);
      if (route === '/pricing') {
        expect(body).toContain('2.000,00 €');
        const offers = JSON.parse(/<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"Product"[\s\S]*?)<\/script>/.exec(html)![1]!).offers;
        expect(offers.map((o: { name: string }) => o.name)).toEqual([text(lng, 'pricing.professional.name'), text(lng, 'pricing.enterprise.name')]);
        expect(offers[0].price).toBe('2000.00');
      }
    }
    const pay = await fetchPage(`/pay-invoice/${invoice.id}`, lng, 'query');
    const payHtml = await pay.text();
    // The pay page leads with what is due (issue 44).
    expect(h1Of(payHtml)).toBe(squash(`${text(lng, 'payInvoice.amountDue')} 1.250,00 €`));
    expect(bodyText(payHtml)).toContain(invoice.number);
    expect(bodyText(payHtml)).toContain(invoice.client);
    expect(bodyText(payHtml)).toContain('1.250,00 €');
    expect(payHtml).toContain('<meta name="robots" content="noindex, nofollow"');
    const missing = await fetchPage('/no-such-page', lng, 'query');
    expect(missing.status).toBe(404);
    expect(h1Of(await missing.text())).toBe(squash(text(lng, 'notFound.title')));
  });

  it('falls back to English, and leaves the admin and the portal to the browser', async () => {
    const res = await fetch(`${server.url}/features`, { headers: { 'accept-language': 'de-DE,fr;q=0.8' } });
    const html = await res.text();
    expect(html).toContain('<html lang="en"');
    expect(h1Of(html)).toBe(text('en', 'features.title'));
    for (const route of ['/admin', '/portal/invoices']) expect(await (await fetch(`${server.url}${route}`)).text()).toContain('<div id="root"></div>');
  });

  /** Opens a page and waits until React has hydrated it (its nodes carry React's fiber keys). */
  const openHydrated = async (page: Page, route: string) => {
    await page.goto(route, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => Object.keys(document.querySelector('main') ?? {}).some((k) => k.startsWith('__reactFiber')));
  };

  it('hydrates every page in every language without a warning and keeps the server-rendered nodes', async () => {
    const { context, page } = await newPage(browser, server.url);
    const messages: string[] = [];
    page.on('console', (msg) => {
      // The unknown page's own 404 is expected; nothing else may fail.
      if (msg.text().includes('status of 404') && messages.at(-1)?.startsWith('-- /no-such-page')) return;
      if (msg.type() === 'error' || msg.type() === 'warning') messages.push(`${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => messages.push(`pageerror: ${err.message}`));
    // Remember the server's <main> and <h1> before any script runs: a hydration that fails throws them away.
    await context.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const w = window as unknown as { serverNodes: HTMLElement[] };
        w.serverNodes = [document.querySelector('main'), document.querySelector('h1')].filter((n): n is HTMLElement => !!n);
      });
    });
    for (const lng of LANGUAGES) {
      for (const route of [...Object.keys(ROUTES), `/pay-invoice/${invoice.id}`, '/no-such-page']) {
        messages.push(`-- ${route} ${lng}`);
        await openHydrated(page, `${route}?lng=${lng}`);
        const kept = await page.evaluate(() => (window as unknown as { serverNodes: Element[] }).serverNodes.map((n) => n.isConnected));
        expect({ route, lng, kept }).toEqual({ route, lng, kept: [true, true] });
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
      }
    }
    expect(messages.some((m) => !m.startsWith('-- ')) ? messages : []).toEqual([]);
    await context.close();
  });

  it('hydrates under the site\u2019s Content-Security-Policy (the one inline script runs by its hash; the data blocks are not scripts)', async () => {
    const context = await browser.newContext({ baseURL: server.url, bypassCSP: false });
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (msg) => messages.push(`${msg.type()}: ${msg.text()}`));
    page.on('pageerror', (err) => messages.push(`pageerror: ${err.message}`));
    for (const route of ['/pricing?lng=el', '/contact?lng=ru']) {
      const res = await page.goto(route, { waitUntil: 'networkidle' });
      expect(res!.headers()['content-security-policy']).toContain(`script-src 'self' ${EARLY_SUBMIT_CSP_SOURCE}`);
      await page.waitForFunction(() => Object.keys(document.querySelector('main') ?? {}).some((k) => k.startsWith('__reactFiber')));
      // The early-submit script ran (it leaves the app its hand-over function).
      expect(await page.evaluate((name) => typeof (window as unknown as Record<string, unknown>)[name], EARLY_SUBMIT_TAKEOVER)).toBe('function');
    }
    expect(messages.filter((m) => !m.startsWith('log:') && !m.startsWith('debug:'))).toEqual([]);
    await context.close();
  });

  it('starts in the server language and then switches when local storage says otherwise', async () => {
    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto('/pricing', { waitUntil: 'networkidle' });
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ru'));
    await context.clearCookies();
    const res = await page.goto('/pricing', { waitUntil: 'networkidle' });
    expect(await res!.text()).toContain('<html lang="en"');
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    expect(squash((await page.locator('h1').textContent()) ?? '')).toBe(squash(text('ru', 'pricing.title')));
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('with JavaScript disabled', () => {
    it('reads the pages, follows real links and switches the language', async () => {
      const { context, page } = await newPage(browser, server.url, { javaScriptEnabled: false });
      await page.goto('/');
      expect(squash((await page.locator('h1').textContent()) ?? '')).toBe(text('en', 'home.title'));
      await screenshot(page, `${SCREENS}/nojs-home-en-desktop`);
      await page.locator('.nav-links').getByRole('link', { name: text('en', 'nav.pricing') }).click();
      await page.waitForURL((u) => u.pathname === '/pricing');
      expect(squash((await page.locator('h1').textContent()) ?? '')).toBe(text('en', 'pricing.title'));
      await page.getByTestId('language-switcher').hover();
      await page.getByRole('link', { name: 'Ελληνικά' }).click();
      await page.waitForURL((u) => u.search === '?lng=el');
      expect(squash((await page.locator('h1').textContent()) ?? '')).toBe(text('el', 'pricing.title'));
      await page.locator('.nav-links').getByRole('link', { name: text('el', 'nav.features') }).click();
      await page.waitForURL((u) => u.pathname === '/features');
      // The feature sections are shown although no script reveals them.
      expect(await page.getByTestId('feature-section').first().evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      await context.close();
    });

    it('shows the menu links at 375 px', async () => {
      const { context, page } = await newPage(browser, server.url, { javaScriptEnabled: false, width: MOBILE_WIDTH });
      await page.goto('/?lng=ru');
      expect(await page.locator('.nav-links').getByRole('link', { name: text('ru', 'nav.contactUs') }).isVisible()).toBe(true);
      await screenshot(page, `${SCREENS}/nojs-home-ru-375`);
      await context.close();
    });

    it('submits the contact form: field errors with everything typed kept, then the success message', async () => {
      const { context, page } = await newPage(browser, server.url, { javaScriptEnabled: false });
      await page.goto('/contact?lng=el');
      await page.fill('#contact-name', 'Νίκος Παπαδόπουλος');
      await page.fill('#contact-email', 'not-an-email');
      await page.fill('#contact-message', 'Θα ήθελα μια προσφορά.');
      await page.getByRole('button', { name: text('el', 'contact.submit') }).click();
      await page.waitForLoadState();
      expect(await page.getByTestId('form-banner').textContent()).toContain(text('el', 'notifications.formInvalid'));
      expect(await page.locator('#contact-email-error').textContent()).toBe(text('el', 'forms.errors.emailInvalid'));
      expect(await page.locator('#contact-subject-error').textContent()).toBe(text('el', 'forms.errors.subjectRequired'));
      expect(await page.inputValue('#contact-name')).toBe('Νίκος Παπαδόπουλος');
      expect(await page.inputValue('#contact-message')).toBe('Θα ήθελα μια προσφορά.');
      expect(await page.locator('html').getAttribute('lang')).toBe('el');
      await screenshot(page, `${SCREENS}/nojs-contact-errors-el`);

      await page.fill('#contact-email', 'nikos@example.gr');
      await page.fill('#contact-subject', 'Προσφορά');
      await page.getByRole('button', { name: text('el', 'contact.submit') }).click();
      await page.waitForLoadState();
      expect(await page.getByTestId('form-banner').textContent()).toContain(text('el', 'contact.success'));
      expect(await page.inputValue('#contact-name')).toBe('');
      const row = await server.testDb.db('contact_messages').where({ email: 'nikos@example.gr' }).first();
      expect(row).toMatchObject({ name: 'Νίκος Παπαδόπουλος', subject: 'Προσφορά', message: 'Θα ήθελα μια προσφορά.', language: 'el' });
      await screenshot(page, `${SCREENS}/nojs-contact-sent-el`);
      await context.close();
    });

    it('pays by link: Pay Now goes to the checkout, and back the invoice reads paid', async () => {
      const { context, page } = await newPage(browser, server.url, { javaScriptEnabled: false, width: MOBILE_WIDTH });
      const client = await createClientWithLogin(server.runtime.deps, 'No Script Payers Ltd');
      const due = await createInvoice(server.runtime.deps, client.id, 99);
      await page.goto(`/pay-invoice/${due.id}?lng=ru`);
      await page.getByText('No Script Payers Ltd').waitFor();
      await screenshot(page, `${SCREENS}/nojs-pay-ru-375`);
      await page.getByRole('button', { name: text('ru', 'payInvoice.payNow') }).click();
      await page.waitForURL('**/simulated-checkout/**');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL(/\/pay-invoice\/.*payment=success/);
      // Without scripts nothing reconciles from the page: the payment arrives by the gateway's webhook.
      await page.goto(`/pay-invoice/${due.id}?lng=ru`);
      await page.getByText(text('ru', 'payInvoice.alreadyPaid')).waitFor();
      expect(await page.getByRole('button', { name: text('ru', 'payInvoice.payNow') }).count()).toBe(0);
      await context.close();
    });

    it('says the sign-in needs scripts, and a sign-in posted anyway comes back to the page', async () => {
      const { context, page } = await newPage(browser, server.url, { javaScriptEnabled: false, width: MOBILE_WIDTH });
      await page.goto('/login?lng=ru');
      expect(squash((await page.getByTestId('login-needs-scripts').textContent()) ?? '')).toBe(text('ru', 'auth.needsScripts'));
      await page.fill('#login-username', 'someone');
      await page.fill('#login-password', 'secret');
      await page.locator('#login-password').press('Enter');
      await page.waitForLoadState();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login?lng=ru');
      expect(await page.inputValue('#login-password')).toBe('');
      await page.getByTestId('login-needs-scripts').waitFor();
      await screenshot(page, `${SCREENS}/nojs-login-ru-375`);
      await context.close();
    });

    it('submits the demo request form', async () => {
      const { context, page } = await newPage(browser, server.url, { javaScriptEnabled: false, width: MOBILE_WIDTH });
      await page.goto('/demo-request');
      const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      await page.fill('#demo-name', 'Ada Lovelace');
      await page.fill('#demo-email', 'ada@example.org');
      await page.fill('#demo-company', 'Analytical Engines');
      await page.fill('#demo-date', tomorrow);
      await page.fill('#demo-time', '10:30');
      await page.getByRole('button', { name: text('en', 'demo.submit') }).click();
      await page.waitForLoadState();
      expect(await page.getByTestId('form-banner').textContent()).toContain(text('en', 'demo.success'));
      expect(await server.testDb.db('demo_requests').where({ email: 'ada@example.org' }).first()).toMatchObject({ company: 'Analytical Engines', date: tomorrow, time: '10:30' });
      await screenshot(page, `${SCREENS}/nojs-demo-sent-en-375`);
      await context.close();
    });
  });

  it('keeps what is typed before the scripts take over, and offers the sign-in before they run', async () => {
    const { context, page } = await newPage(browser, server.url);
    // Slow scripts: the visitor types into the server's HTML first.
    await page.route('**/assets/index-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/contact', { waitUntil: 'commit' });
    await page.locator('#contact-name').fill('Typed early');
    await page.waitForFunction(() => Object.keys(document.querySelector('main') ?? {}).some((k) => k.startsWith('__reactFiber')));
    await page.locator('#contact-email').fill('early@example.org');
    expect(await page.inputValue('#contact-name')).toBe('Typed early');

    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('#login-username').fill('early-user');
    // Ready before the scripts run: a sign-in sent now is held for them (earlySubmit.browser.spec.ts).
    expect(await page.getByRole('button', { name: text('en', 'auth.login') }).isEnabled()).toBe(true);
    await page.waitForFunction(() => Object.keys(document.querySelector('form') ?? {}).some((k) => k.startsWith('__reactProps')));
    await page.locator('#login-password').fill('secret');
    expect(await page.inputValue('#login-username')).toBe('early-user');
    await context.close();
  });

  it('with JavaScript, the contact form still sends without leaving the page', async () => {
    const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    await openHydrated(page, '/contact?lng=ru');
    await page.fill('#contact-name', 'Иван');
    await page.fill('#contact-email', 'ivan@example.ru');
    await page.fill('#contact-subject', 'Цены');
    await page.fill('#contact-message', 'Позвоните мне.');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/contact/') && r.method() === 'POST');
    await page.getByRole('button', { name: text('ru', 'contact.submit') }).click();
    await posted;
    await page.getByTestId('form-banner').getByText(text('ru', 'contact.success')).waitFor();
    expect(new URL(page.url()).search).toBe('?lng=ru');
    await screenshot(page, `${SCREENS}/js-contact-sent-ru-375`);
    await context.close();
  });
});
