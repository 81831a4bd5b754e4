import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithLogin, createInvoice } from '../../../test/billing-fixtures';
import { DESKTOP_WIDTH, MOBILE_WIDTH, launchBrowser, newPage, screenshot } from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { ADMIN, startTestServer, type TestServer } from '../../../test/server';
import { readLocale } from '../../../test/web-i18n';

// Needs `npm run build` first: the test server serves dist/web and renders with dist/ssr.
const SSR_ENTRY = path.resolve(import.meta.dirname, '../../../dist/ssr/entry-server.mjs');
const SCREENS = 'i35-early-submit';
const LANGUAGES = ['en', 'el', 'ru'] as const;
type Lng = (typeof LANGUAGES)[number];
type Try = { lng: Lng; width: number };

/**
 * Six tries: each language at 375 and at 1280 px, each in a fresh page. (There were twelve, each
 * pair twice; this file runs alone, after the rest, so its tries are the suite's time end to end.)
 */
const TRIES: Try[] = LANGUAGES.flatMap((lng) => [MOBILE_WIDTH, DESKTOP_WIDTH].map((width) => ({ lng, width })));
const MODES = ['scripts as fast as they come', 'a slow line (scripts 1.5 s late each)'] as const;
type Mode = (typeof MODES)[number];
/** How long a try may take to reach its page (the slow line loads four or five script files in a row; CI is busy). */
const REACH_MS = 30_000;

const locales = Object.fromEntries(LANGUAGES.map((lng) => [lng, readLocale(lng)])) as Record<Lng, Record<string, unknown>>;
const text = (lng: Lng, key: string): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locales[lng]);
  if (typeof value !== 'string') throw new Error(`no text ${key} in ${lng}`);
  return value;
};

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

/** A slow line: every script file answers 1.5 s late, so the visitor acts on the server's HTML long before the app runs. */
const slowLine = (page: Page) =>
  page.route('**/assets/*.js', async (route) => {
    await sleep(1500);
    // The page may be gone by then (the try already reached its page).
    await route.continue().catch(() => undefined);
  });

/**
 * Runs in every page of a try before its scripts: notes the first time a submit button says it is
 * busy (aria-busy), and who said so: the early-submit script (the form is `held` or `posted`) or
 * the app. Kept in the tab's session storage, so the page the try ends on can tell, however fast
 * the browser left the one that sent the form.
 */
const watchBusy = () =>
  new MutationObserver((records) => {
    for (const record of records) {
      const button = record.target as Element;
      if (sessionStorage.getItem('busy') || !button.matches('button[type="submit"]') || button.getAttribute('aria-busy') !== 'true') continue;
      sessionStorage.setItem('busy', button.closest('form')?.getAttribute('data-early-submit') ?? 'app');
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });

interface Typist {
  typist?: { email: string; message: string; wiped: string[]; done: boolean };
}

/**
 * Runs in the page before its scripts, on every turn of its event loop: types the name as soon as
 * the form is parsed; once React has rendered the form for its hydration (its props are on the
 * element, the commit may not have happened yet) types one key of the e-mail and of the message per
 * turn, until both are typed for at least a second and a half (the e-mail is the one given). Keys go in as `insertText`, like a keyboard, not as a script
 * setting the value. Records every time a script empties or shortens a field the visitor typed into
 * (React writing a state without the typed text over it), which a read at the end would miss when
 * a later render puts the text back.
 */
const typist = (emailKeys: string) => {
  const state = { email: '', message: '', wiped: [] as string[], done: false };
  (window as unknown as Typist).typist = state;
  for (const proto of [HTMLInputElement.prototype, HTMLTextAreaElement.prototype]) {
    const own = Object.getOwnPropertyDescriptor(proto, 'value')!;
    Object.defineProperty(proto, 'value', {
      ...own,
      set(this: HTMLInputElement, value: string) {
        if (this.id.startsWith('contact-') && String(value).length < (own.get!.call(this) as string).length) state.wiped.push(`${this.id}: ${JSON.stringify(value)}`);
        own.set!.call(this, value);
      },
    });
  }
  const type = (id: string, text: string) => {
    (document.getElementById(id) as HTMLInputElement).focus();
    document.execCommand('insertText', false, text);
  };
  const messageKeys = 'Please call me on Monday about the enterprise plan. ';
  let named = false;
  let renderedAt = 0;
  // Message events run between the scheduler's slices of work, unlike timers (clamped to 4 ms).
  const turns = new MessageChannel();
  turns.port1.onmessage = () => {
    const name = document.getElementById('contact-name') as HTMLInputElement | null;
    if (name && !named) {
      type('contact-name', 'Typed early');
      named = true;
    }
    if (!renderedAt && name?.form && Object.keys(name.form).some((k) => k.startsWith('__reactProps'))) renderedAt = performance.now();
    if (renderedAt && state.email.length < emailKeys.length) {
      const key = emailKeys[state.email.length]!;
      type('contact-email', key);
      state.email += key;
    } else if (renderedAt) {
      const key = messageKeys[state.message.length % messageKeys.length]!;
      type('contact-message', key);
      state.message += key;
    }
    // Done once the e-mail is whole and the message has kept going for a second and a half.
    if (renderedAt && state.email.length === emailKeys.length && state.message.length >= 10 && performance.now() - renderedAt > 1500) state.done = true;
    else turns.port2.postMessage(0);
  };
  document.addEventListener('readystatechange', () => turns.port2.postMessage(0), { once: true });
};

/** What a try that failed left on the page, for its report. */
const shownOn = (page: Page) =>
  page
    .evaluate(() => ({
      url: location.href,
      banner: document.querySelector('[data-testid="form-banner"], [data-testid="login-error"]')?.textContent,
      errors: Array.from(document.querySelectorAll('.ant-form-item-explain')).map((e) => e.textContent),
      fields: Array.from(document.querySelectorAll('form input:not([type=password]), form textarea')).map((e) => `${e.id}=${(e as HTMLInputElement).value}`),
      button: document.querySelector('form button[type="submit"]')?.outerHTML.slice(0, 200),
    }))
    .catch((err: Error) => `(unreadable: ${err.message})`);

// Each test makes six tries with a fresh page each.
describe('a form submitted right after the page loads is carried out', { timeout: 600_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let client: { id: string; username: string; password: string };

  beforeAll(async () => {
    if (!fs.existsSync(SSR_ENTRY)) throw new Error('dist/ssr is missing: run `npm run build` before the browser tests');
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000, publicFormsPerIp: 1000, publicReadsPerIp: 1000 } });
    client = await createClientWithLogin(server.runtime.deps, 'Early Birds Ltd');
    browser = await launchBrowser();
    // The first rendering loads the server entry: not a visitor's wait, so not a try's.
    const invoice = await createInvoice(server.runtime.deps, client.id, 80);
    for (const route of ['/login', '/contact', '/demo-request', `/pay-invoice/${invoice.id}`]) await (await fetch(`${server.url}${route}`)).text();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * Runs `act` once per try in a fresh page under the site's CSP, and answers the tries that did not
   * reach their page with what went wrong, so one run shows how many of the six failed.
   */
  const everyTry = async (mode: Mode, act: (page: Page, t: Try, i: number) => Promise<void>): Promise<string[]> => {
    const failed: string[] = [];
    for (const [i, t] of TRIES.entries()) {
      const { context, page } = await newPage(browser, server.url, { width: t.width, enforceCsp: true });
      page.setDefaultTimeout(REACH_MS);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      if (mode !== MODES[0]) await slowLine(page);
      await page.addInitScript(watchBusy);
      try {
        await act(page, t, i);
        // The button said it was working; on a slow line the early-submit script said so, long before the app ran.
        const busy = await page.evaluate(() => sessionStorage.getItem('busy'));
        if (mode === MODES[0] ? !busy : busy !== 'held' && busy !== 'posted') failed.push(`${t.lng} ${t.width} px #${i + 1}: the button was busy by ${busy}`);
        if (errors.length) failed.push(`${t.lng} ${t.width} px #${i + 1}: ${errors.join('; ')}`);
      } catch (err) {
        failed.push(`${t.lng} ${t.width} px #${i + 1}: ${(err as Error).message.split('\n')[0]} ${JSON.stringify(await shownOn(page))}`);
      } finally {
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await context.close();
      }
    }
    return failed;
  };

  describe.each(MODES)('with %s', (mode) => {
    it('signs in (superuser and client user) when the form is filled and Enter pressed at once, six times', async () => {
      const failed = await everyTry(mode, async (page, t, i) => {
        // The superuser at 375 px, the client user at 1280 px, in each language.
        const user = i % 2 === 0 ? { ...ADMIN, home: '/admin' } : { username: client.username, password: client.password, home: '/portal' };
        await page.goto(`/login?lng=${t.lng}`, { waitUntil: 'commit' });
        await page.locator('#login-username').fill(user.username);
        await page.locator('#login-password').fill(user.password);
        await page.locator('#login-password').press('Enter');
        // The scripts are far from running: the button says the sign-in is under way.
        if (mode !== MODES[0] && i < 2) await screenshot(page, `${SCREENS}/login-working-${t.lng}-${t.width}`);
        // Arrived once the server answers the home page: on the slow line the app behind it takes its scripts' delays
        // in a row, which says nothing of the sign-in. The session the browser holds is the proof.
        await page.waitForURL((u) => u.pathname === user.home, { waitUntil: 'commit' });
        const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
        const me = await page.request.post('/graphql', { data: { query: '{ me { username } }' }, headers: { 'X-CSRFToken': decodeURIComponent(csrf) } });
        expect(((await me.json()) as { data?: { me?: { username: string } | null } }).data?.me?.username).toBe(user.username);
      });
      expect(failed).toEqual([]);
    });

    it('sends the contact form when it is filled and Enter pressed at once, six times, each message once', async () => {
      const failed = await everyTry(mode, async (page, t, i) => {
        const email = `early.contact.${MODES.indexOf(mode)}.${i}@example.org`;
        await page.goto(`/contact?lng=${t.lng}`, { waitUntil: 'commit' });
        await page.locator('#contact-name').fill(`Early ${t.lng} ${t.width}`);
        await page.locator('#contact-email').fill(email);
        await page.locator('#contact-message').fill('Call me back, please.');
        await page.locator('#contact-subject').fill('Prices');
        await page.locator('#contact-subject').press('Enter');
        await page.getByTestId('form-banner').filter({ hasText: text(t.lng, 'contact.success') }).waitFor();
        expect(await server.testDb.db('contact_messages').where({ email }).select('name', 'subject', 'message')).toEqual([
          { name: `Early ${t.lng} ${t.width}`, subject: 'Prices', message: 'Call me back, please.' },
        ]);
      });
      expect(failed).toEqual([]);
    });

    it('sends the demo request when it is filled and Enter pressed at once, six times, each request once', async () => {
      const failed = await everyTry(mode, async (page, t, i) => {
        const email = `early.demo.${MODES.indexOf(mode)}.${i}@example.org`;
        const date = inTwoDays();
        await page.goto(`/demo-request?lng=${t.lng}`, { waitUntil: 'commit' });
        await page.locator('#demo-name').fill('Ada Lovelace');
        await page.locator('#demo-email').fill(email);
        await page.locator('#demo-date').fill(date);
        await page.locator('#demo-time').fill('10:30');
        await page.locator('#demo-company').fill('Analytical Engines');
        await page.locator('#demo-company').press('Enter');
        await page.getByTestId('form-banner').filter({ hasText: text(t.lng, 'demo.success') }).waitFor();
        expect(await server.testDb.db('demo_requests').where({ email }).select('company', 'date', 'time')).toEqual([{ company: 'Analytical Engines', date, time: '10:30' }]);
      });
      expect(failed).toEqual([]);
    });

    it('opens the checkout when Pay Now is pressed at once on the pay link, six times', async () => {
      const failed = await everyTry(mode, async (page, t) => {
        const invoice = await createInvoice(server.runtime.deps, client.id, 80);
        await page.goto(`/pay-invoice/${invoice.id}?lng=${t.lng}`, { waitUntil: 'commit' });
        await page.getByRole('button', { name: text(t.lng, 'payInvoice.payNow') }).press('Enter');
        await page.waitForURL('**/simulated-checkout/**');
      });
      expect(failed).toEqual([]);
    });
  });

  it('keeps a form posted before the scripts ran busy and deaf to more submits, and sendable again when the back-forward cache shows it again', async () => {
    const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH, enforceCsp: true });
    await slowLine(page);
    // The post never gets an answer (as when the visitor stops the page loading): the page stays.
    await page.route(
      (url) => url.pathname === '/contact',
      (route) => (route.request().method() === 'POST' ? route.abort('aborted') : route.fallback()),
    );
    const button = page.locator('form button[type="submit"]');
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && sent.push(new URL(r.url()).pathname));
    /** What the page has posted, once a request it makes now has been seen: a post it started before that was seen earlier. */
    const postedSoFar = async () => {
      const marker = `/healthz?posted-so-far=${Math.random()}`;
      await Promise.all([page.waitForRequest((r) => r.url().endsWith(marker)), page.evaluate((url) => void fetch(url), marker)]);
      return [...sent];
    };
    // Headless chromium keeps no back-forward cache: the event it sends when it shows a page from it.
    const showAgain = () => page.evaluate(() => dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    const open = async () => {
      await page.goto('/contact?lng=el', { waitUntil: 'commit' });
      await page.locator('#contact-name').fill('Ρένα');
      await page.locator('#contact-email').fill('rena.bfcache@example.gr');
      await page.locator('#contact-message').fill('Καλέστε με.');
      await page.locator('#contact-subject').fill('Τιμές');
    };

    // Before the app runs, the early-submit script's marks: a second Enter posts nothing more.
    await open();
    await page.locator('#contact-subject').press('Enter');
    expect(await button.getAttribute('aria-busy')).toBe('true');
    await page.locator('#contact-subject').press('Enter');
    expect(await postedSoFar()).toEqual(['/contact']);
    await showAgain();
    expect(await button.getAttribute('aria-busy')).toBeNull();
    expect(await page.locator('form[data-early-submit]').count()).toBe(0);

    // The app takes over a form whose post is still on its way (the leaving browser no longer loads
    // the app's scripts, so the script's marks are set here): busy and deaf until shown again.
    await open();
    await page.evaluate(() => {
      document.querySelector('form')!.setAttribute('data-early-submit', 'posted');
      document.querySelector('form button[type="submit"]')!.setAttribute('aria-busy', 'true');
    });
    await button.and(page.locator('.ant-btn-loading')).waitFor();
    expect(squash(await button.innerText())).toBe(text('el', 'contact.sending'));
    expect(await button.getAttribute('aria-busy')).toBe('true');
    await page.locator('#contact-subject').press('Enter');
    expect(await postedSoFar()).toEqual(['/contact']);
    await showAgain();
    await button.and(page.locator(':not(.ant-btn-loading)')).waitFor();
    expect(squash(await button.innerText())).toBe(text('el', 'contact.submit'));
    expect(await button.getAttribute('aria-busy')).toBeNull();
    // And now the app sends it itself.
    await page.locator('#contact-subject').press('Enter');
    await page.getByTestId('form-banner').filter({ hasText: text('el', 'contact.success') }).waitFor();
    expect(sent).toEqual(['/contact', '/api/contact/']);
    expect(await server.testDb.db('contact_messages').where({ email: 'rena.bfcache@example.gr' }).select('name')).toEqual([{ name: 'Ρένα' }]);
    await context.close();
  });

  it('keeps every key typed before and while the app takes the form over, even for a moment, and sends exactly that, six times', async () => {
    const failed: string[] = [];
    for (const [i, t] of TRIES.entries()) {
      const { context, page } = await newPage(browser, server.url, { width: t.width, enforceCsp: true });
      // A slower processor stretches the hydration into several slices, as on a busy phone.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(typist, `typist.${i}@example.org`);
      try {
        await page.goto(`/contact?lng=${t.lng}`, { waitUntil: 'commit' });
        const done = await page.waitForFunction(() => (window as unknown as Typist).typist?.done && (window as unknown as Typist).typist, undefined, { timeout: REACH_MS });
        const { email, message, wiped } = (await done.jsonValue()) as NonNullable<Typist['typist']>;
        // The app took the form over without moving the visitor: the caret is still where the typing went.
        const focused = await page.evaluate(() => document.activeElement?.id);
        const typed = { name: 'Typed early', email, message: message.trim() };
        // The fields show it all; the app's state is what it sends (JSON, not the fields' text).
        const shown = { name: await page.inputValue('#contact-name'), email: await page.inputValue('#contact-email'), message: (await page.inputValue('#contact-message')).trim() };
        await page.locator('#contact-subject').fill('Enterprise');
        const posted = page.waitForRequest((r) => r.url().endsWith('/api/contact/'));
        await page.locator('#contact-subject').press('Enter');
        await posted;
        await page.getByTestId('form-banner').filter({ hasText: text(t.lng, 'contact.success') }).waitFor();
        const rows = await server.testDb.db('contact_messages').where({ email: typed.email }).select('name', 'email', 'message');
        if (wiped.length || focused !== 'contact-message' || JSON.stringify(shown) !== JSON.stringify(typed) || JSON.stringify(rows) !== JSON.stringify([typed])) {
          failed.push(`${t.lng} ${t.width}: overwritten ${JSON.stringify(wiped)}, focus on ${focused}, shown ${JSON.stringify(shown)}, stored ${JSON.stringify(rows)}`);
        }
      } catch (err) {
        failed.push(`${t.lng} ${t.width}: ${(err as Error).message.split('\n')[0]} ${JSON.stringify(await shownOn(page))}`);
      } finally {
        await context.close();
      }
    }
    expect(failed).toEqual([]);
  });
});
