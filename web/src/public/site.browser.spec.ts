import fs from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../test/db';
import { axeViolations, collectPageErrors, DESKTOP_WIDTH, launchBrowser, MOBILE_WIDTH, newPage, rawKeyLeaks } from '../../../test/browser';
import { startTestServer, type TestServer } from '../../../test/server';

const DIST_INDEX = path.resolve(import.meta.dirname, '../../../dist/web/index.html');

/** What each public route must show in English (spec texts), checked after it renders. */
const EN_CHECKS: Record<string, (page: Page) => Promise<void>> = {
  '/': async (page) => {
    await expectText(page, 'h1', 'The Future of Integrated Governance, Risk, Compliance. (G.R.C)');
    expect(await page.getByRole('link', { name: 'Explore Features' }).getAttribute('href')).toBe('/features');
    expect(await page.getByRole('link', { name: 'Request a Demo' }).getAttribute('href')).toBe('/demo-request');
  },
  '/features': async (page) => {
    expect(await page.locator('[data-testid=feature-section]').count()).toBe(16);
    const perSection = await page.locator('[data-testid=feature-section]').evaluateAll((els) => els.map((el) => el.querySelectorAll('img').length));
    expect(perSection.every((n) => n >= 1 && n <= 3)).toBe(true);
    const img = page.locator('.feature-shot img').first();
    expect(await img.getAttribute('loading')).toBe('lazy');
    expect(await img.getAttribute('width')).toBe('960');
    expect(await page.locator('main a[href="/demo-request"]').count()).toBeGreaterThan(0);
  },
  '/about-us': async (page) => {
    for (const name of ['Chartered accountants', 'Computer scientists', 'Mechanical engineers', 'Chemical engineers', 'Risk managers']) {
      await expectText(page, 'main h3', name);
    }
    expect(await page.getByTestId('presentation-link').getAttribute('href')).toBe('/static/docs/grc-platform-presentation.pdf');
  },
  '/why-us': async (page) => {
    expect(await page.getByTestId('advantage-card').count()).toBe(7);
    expect(await page.locator('main a[href="/demo-request"]').count()).toBe(1);
  },
  '/pricing': async (page) => {
    // Intl writes a no-break space between the amount and the euro sign.
    expect(await page.getByTestId('price-monthly').textContent()).toContain('2.000,00\u00a0€');
    expect(await page.getByTestId('price-annual').textContent()).toContain('20.000,00\u00a0€');
    expect(await page.getByTestId('annual-saving').textContent()).toBe('Save €4,000 with an annual subscription!');
    expect(await page.locator('#plan-professional ~ a, section:has(#plan-professional) a').first().getAttribute('href')).toBe('/demo-request');
    expect(await page.locator('section:has(#plan-enterprise) a').first().getAttribute('href')).toBe('/contact');
  },
  '/contact': async (page) => {
    for (const label of ['Full Name', 'Email Address', 'Subject', 'Message']) expect(await page.getByLabel(label, { exact: true }).count()).toBe(1);
    await page.getByTestId('company-details').waitFor();
    expect(await page.getByTestId('company-details').textContent()).toContain('HE 000000');
  },
  '/demo-request': async (page) => {
    for (const label of ['Full Name', 'Email Address', 'Company Name', 'Date', 'Time', 'Message (optional)']) expect(await page.getByLabel(label, { exact: true }).count()).toBe(1);
  },
  '/terms-and-conditions': async (page) => {
    expect(await page.locator('.terms-list > li').count()).toBe(8);
    await page.waitForFunction(() => document.querySelector('.terms-list')?.textContent?.includes('the Republic of Cyprus'));
    expect(await page.getByTestId('terms-updated').textContent()).toBe(`Last updated: ${dayjs().format('DD / MMMM / YYYY')}`);
  },
  '/login': async (page) => {
    expect(await page.getByLabel('Username').count()).toBe(1);
    expect(await page.getByLabel('Password').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(1);
  },
  '/no-such-page': async (page) => {
    await expectText(page, 'h1', 'Page not found');
  },
};

const expectText = async (page: Page, selector: string, text: string) => {
  const texts = await page.locator(selector).allTextContents();
  expect(texts.map((s) => s.trim())).toContain(text);
};

const open = async (page: Page, route: string, lng: string) => {
  await page.goto(`${route}?lng=${lng}`, { waitUntil: 'networkidle' });
  // Generous: the machine is shared, and a slow first paint is not what these tests measure.
  await page
    .locator('main h1')
    .first()
    .waitFor({ timeout: 60_000 })
    .catch((err: Error) => {
      throw new Error(`${route}?lng=${lng} rendered no heading: ${err.message}`);
    });
};

describe('public website in the browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    if (!fs.existsSync(DIST_INDEX)) throw new Error('dist/web is missing: run `npx vite build` before the browser tests');
    server = await startTestServer(testBackends()[0], { limits: { publicFormsPerIp: 100 } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const width of [DESKTOP_WIDTH, MOBILE_WIDTH]) {
    for (const lng of ['en', 'el', 'ru']) {
      it(`renders every public route in ${lng} at ${width} px, translated and accessible`, async () => {
        const { context, page } = await newPage(browser, server.url, { width });
        const errors = collectPageErrors(page);
        for (const route of Object.keys(EN_CHECKS)) {
          await open(page, route, lng);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
          if (lng === 'en') await EN_CHECKS[route]!(page);
          expect({ route, leaks: await rawKeyLeaks(page) }).toEqual({ route, leaks: [] });
          const title = await page.title();
          expect(title).toMatch(/ \| Aegis GRC$/);
          expect(await page.locator('meta[name=description]').getAttribute('content')).toBeTruthy();
          expect(await page.locator(`link[rel=alternate][hreflang=${lng === 'en' ? 'ru' : 'en'}]`).getAttribute('href')).toContain(`${route}?lng=`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect({ route, overflow }).toEqual({ route, overflow: 0 });
          expect({ route, violations: await axeViolations(page) }).toEqual({ route, violations: [] });
        }
        // The one failed load is /no-such-page itself: the server answers an unknown page 404.
        expect(errors.filter((e) => !e.includes('favicon'))).toEqual(['console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
        await context.close();
      });
    }
  }

  it('translates page titles and descriptions', async () => {
    const { context, page } = await newPage(browser, server.url);
    await open(page, '/pricing', 'el');
    expect(await page.title()).toBe('Τιμές | Aegis GRC');
    await open(page, '/pricing', 'ru');
    expect(await page.title()).toBe('Цены | Aegis GRC');
    expect(await page.locator('meta[name=description]').getAttribute('content')).toMatch(/Professional/);
    await context.close();
  });

  it('collapses the navbar below 992 px and opens it with the toggle', async () => {
    const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    await open(page, '/', 'en');
    const features = page.locator('#site-nav-menu').getByRole('link', { name: 'Features' });
    expect({ step: 'collapsed', visible: await features.isVisible() }).toEqual({ step: 'collapsed', visible: false });
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await features.isVisible()).toBe(true);
    await features.click();
    await page.waitForURL('**/features');
    await page.locator('main h1', { hasText: 'Features' }).waitFor();
    expect({ step: 'after navigation', visible: await features.isVisible() }).toEqual({ step: 'after navigation', visible: false });
    await page.setViewportSize({ width: 992, height: 800 });
    expect(await features.isVisible()).toBe(true);
    await context.close();
  });

  it('keeps the open navbar on one row from 992 px up in every language', async () => {
    const { context, page } = await newPage(browser, server.url);
    for (const lng of ['en', 'el', 'ru']) {
      await open(page, '/features', lng);
      for (const width of [992, 1050, 1199, 1200, 1280, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        // One row: the brand, the last link and the language switcher share a line.
        const middles = await page.evaluate(() =>
          ['.brand', '.nav-links li:last-child', '[data-testid="language-switcher"]'].map((s) => {
            const box = document.querySelector(s)!.getBoundingClientRect();
            return box.top + box.height / 2;
          }),
        );
        expect({ lng, width, oneRow: Math.max(...middles) - Math.min(...middles) < 20 }).toEqual({ lng, width, oneRow: true });
      }
    }
    await context.close();
  });

  it('offers Login and the external Demo in the Account dropdown', async () => {
    const { context, page } = await newPage(browser, server.url);
    await open(page, '/', 'en');
    await page.getByTestId('account-menu').click();
    const demo = page.getByRole('link', { name: 'Demo', exact: true });
    expect(await demo.getAttribute('target')).toBe('_blank');
    expect(await demo.getAttribute('href')).toBe('/api/demo-site/');
    await page.keyboard.press('Escape');
    expect(await demo.isVisible()).toBe(false);
    await page.getByTestId('account-menu').click();
    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('closes the screenshot zoom on Escape, on the close button and on a backdrop click', async () => {
    const { context, page } = await newPage(browser, server.url);
    await open(page, '/features', 'en');
    const dialog = page.locator('dialog.zoom-dialog');
    const openZoom = async (index: number) => {
      await page.locator('.feature-shot').nth(index).click();
      await page.waitForFunction(() => document.querySelector('dialog.zoom-dialog')?.hasAttribute('open'));
      expect(await dialog.locator('img').getAttribute('alt')).toBeTruthy();
    };
    const closed = () => page.waitForFunction(() => !document.querySelector('dialog.zoom-dialog')?.hasAttribute('open'));

    await openZoom(0);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('dialog.zoom-dialog')!).transitionDuration)).toContain('0.3s');
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('dialog.zoom-dialog')!, '::backdrop').transitionDuration)).toContain('0.15s');
    await page.keyboard.press('Escape');
    await closed();

    await openZoom(1);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await closed();

    await openZoom(2);
    await page.mouse.click(5, 5);
    await closed();

    await openZoom(0);
    await dialog.locator('img').click();
    expect(await dialog.getAttribute('open')).not.toBeNull();
    await context.close();
  });

  it('fades sections in, and not at all under reduced motion', async () => {
    const { context, page } = await newPage(browser, server.url);
    await open(page, '/features', 'en');
    const last = page.locator('[data-testid=feature-section]').last();
    expect(await last.getAttribute('class')).not.toContain('is-visible');
    expect(await last.evaluate((el) => getComputedStyle(el).transitionDelay)).toContain('1.5s');
    await last.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid=feature-section]')).pop()?.classList.contains('is-visible'));
    await context.close();

    const reduced = await newPage(browser, server.url, { reducedMotion: 'reduce' });
    await open(reduced.page, '/features', 'en');
    const style = await reduced.page.locator('[data-testid=feature-section]').last().evaluate((el) => ({ opacity: getComputedStyle(el).opacity, transition: getComputedStyle(el).transitionDuration }));
    expect(style).toEqual({ opacity: '1', transition: '0s' });
    await reduced.context.close();
  });

  it('switches the language at once and remembers it', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByTestId('language-switcher').click();
    await page.getByRole('link', { name: 'Ελληνικά' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'el');
    expect(await page.locator('h1').textContent()).toContain('Διακυβέρνησης');
    expect((await context.cookies()).find((c) => c.name === 'i18next')?.value).toBe('el');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('el');
    await page.goto('/pricing', { waitUntil: 'networkidle' });
    await page.locator('main h1').waitFor();
    expect(await page.locator('main h1').textContent()).toBe('Τιμές');
    await context.close();
  });

  it('sends the contact form to the server: errors first, then success', async () => {
    const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    await open(page, '/contact', 'en');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByRole('alert').first().textContent()).toBe('Please correct the errors in the form.');
    expect(await page.getByText('Full Name is required.').count()).toBe(1);
    await page.getByLabel('Full Name', { exact: true }).fill('Dana Scully');
    await page.getByLabel('Email Address', { exact: true }).fill('dana@example');
    await page.getByLabel('Subject', { exact: true }).fill('Audit module');
    await page.getByLabel('Message', { exact: true }).fill('Does it cover ISO 22301?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByText('Email Address is invalid.').count()).toBe(1);
    await page.getByLabel('Email Address', { exact: true }).fill('dana@example.org');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent successfully!').waitFor();
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).toBe('');
    expect(await server.testDb.db('contact_messages').where({ email: 'dana@example.org' }).first()).toMatchObject({ subject: 'Audit module' });
    await context.close();
  });

  it('books a demo by keyboard only, and shows the server error when the request is refused', async () => {
    const { context, page } = await newPage(browser, server.url);
    await open(page, '/demo-request', 'en');
    await page.getByLabel('Full Name', { exact: true }).focus();
    await page.keyboard.type('Fox Mulder');
    await page.keyboard.press('Tab');
    await page.keyboard.type('fox@example.org');
    await page.keyboard.press('Tab');
    await page.keyboard.type('X-Files Ltd');
    await page.getByLabel('Date', { exact: true }).fill(dayjs().add(7, 'day').format('YYYY-MM-DD'));
    await page.getByLabel('Time', { exact: true }).fill('09:15');
    await page.getByLabel('Message (optional)', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Demo booked successfully! We will contact you soon.').waitFor();
    expect(await server.testDb.db('demo_requests').where({ email: 'fox@example.org' }).first()).toMatchObject({ company: 'X-Files Ltd', time: '09:15' });

    // A date in the past typed past the picker's minimum: the browser refuses it before sending.
    await page.getByLabel('Full Name', { exact: true }).fill('Fox Mulder');
    await page.getByLabel('Email Address', { exact: true }).fill('fox@example.org');
    await page.getByLabel('Company Name', { exact: true }).fill('X-Files Ltd');
    await page.getByLabel('Date', { exact: true }).fill('2020-01-01');
    await page.getByLabel('Time', { exact: true }).fill('09:15');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    expect(await page.getByText('Date cannot be in the past.').count()).toBe(1);

    await context.close();

    // The server's own refusal reaches the banner: a server that allows one submission per IP.
    const limited = await startTestServer(testBackends()[0], { limits: { publicFormsPerIp: 1 } });
    try {
      const other = await newPage(browser, limited.url);
      await open(other.page, '/demo-request', 'en');
      for (let i = 0; i < 2; i++) {
        await other.page.getByLabel('Full Name', { exact: true }).fill('Fox Mulder');
        await other.page.getByLabel('Email Address', { exact: true }).fill('fox@example.org');
        await other.page.getByLabel('Company Name', { exact: true }).fill('X-Files Ltd');
        await other.page.getByLabel('Date', { exact: true }).fill(dayjs().add(7, 'day').format('YYYY-MM-DD'));
        await other.page.getByLabel('Time', { exact: true }).fill('09:15');
        await other.page.getByRole('button', { name: 'Submit Request' }).click();
        await other.page.getByTestId('form-banner').waitFor();
        await other.page.waitForFunction(() => !document.querySelector('button[type=submit]')?.hasAttribute('disabled'));
      }
      expect(await other.page.getByRole('alert').first().textContent()).toBe('Too many requests. Please try again later.');
      await other.context.close();
    } finally {
      await limited.close();
    }
  });
});
