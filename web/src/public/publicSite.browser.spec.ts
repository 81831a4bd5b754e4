import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launchBrowser, MOBILE_WIDTH, newPage } from '../../../test/browser';
import { testBackends } from '../../../test/db';
import { startTestServer, type TestServer } from '../../../test/server';

// Needs `npm run build` first: the test server serves dist/web and renders with dist/ssr.
const ASSETS = path.resolve(import.meta.dirname, '../../../dist/web/assets');

/**
 * Strings each library's built code carries (invariant messages, attribute and class names). The
 * test first checks that each is in the build at all, so a library upgrade that drops one fails
 * here instead of letting the check pass vacuously.
 */
const LIBRARIES = {
  'react-router': 'may be used only in the context of a <Router> component',
  antd: 'data-css-hash',
  recharts: 'recharts-wrapper',
} as const;
type Library = keyof typeof LIBRARIES;

/** The public pages, and which of those libraries each may load (the forms, login and pay link use antd). */
const ROUTES: Record<string, Library[]> = {
  '/': [],
  '/features': [],
  '/about-us': [],
  '/why-us': [],
  '/pricing': [],
  '/terms-and-conditions': [],
  '/no-such-page': [],
  '/contact': ['antd'],
  '/demo-request': ['antd'],
  '/login': ['antd'],
  [`/pay-invoice/${randomUUID()}`]: ['antd'],
};

describe('the public site is a multi-page site without the admin’s libraries', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    if (!fs.existsSync(ASSETS)) throw new Error('dist/web is missing: run `npm run build` before the browser tests');
    server = await startTestServer(testBackends()[0]!);
    // The first rendering loads the server entry: not part of any page's budget here.
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The built files of every script the browser fetches to show `route`, hydrated and idle. */
  const scriptsOf = async (route: string): Promise<Map<string, string>> => {
    const { context, page } = await newPage(browser, server.url, { width: MOBILE_WIDTH });
    const files = new Set<string>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin === server.url && req.resourceType() === 'script') files.add(url.pathname);
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    await context.close();
    return new Map([...files].map((file) => [file, fs.readFileSync(path.join(ASSETS, '..', file), 'utf8')]));
  };

  it('loads neither react-router nor recharts on any public page, and antd only on the pages with forms', async () => {
    const built = fs.readdirSync(ASSETS).filter((file) => file.endsWith('.js'));
    for (const [library, marker] of Object.entries(LIBRARIES)) {
      expect(
        built.some((file) => fs.readFileSync(path.join(ASSETS, file), 'utf8').includes(marker)),
        `${library} is no longer recognised in the build by "${marker}"`,
      ).toBe(true);
    }
    for (const [route, allowed] of Object.entries(ROUTES)) {
      const scripts = await scriptsOf(route);
      expect(scripts.size, route).toBeGreaterThan(3);
      for (const [library, marker] of Object.entries(LIBRARIES) as [Library, string][]) {
        if (allowed.includes(library)) continue;
        const carriers = [...scripts].filter(([, code]) => code.includes(marker)).map(([file]) => file);
        expect(carriers, `${route} loads ${library}`).toEqual([]);
      }
    }
  });

  it('follows links with full page loads: each page starts at its top and marks its own navbar link', async () => {
    const { context, page } = await newPage(browser, server.url, { width: 1280 });
    const errors = collectPageErrors(page);
    await page.goto('/features', { waitUntil: 'networkidle' });
    const current = page.locator('.nav-links a[aria-current="page"]');
    expect(await current.getAttribute('href')).toBe('/features');
    expect(await current.getAttribute('class')).toBe('nav-link active');
    expect(await page.locator('.nav-links a.active').count()).toBe(1);

    await page.evaluate(() => {
      (window as unknown as { sameDocument?: boolean }).sameDocument = true;
      window.scrollTo(0, document.body.scrollHeight);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.locator('.site-footer').getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/contact');
    await page.locator('h1').waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await current.getAttribute('href')).toBe('/contact');

    // With a trailing slash the page still marks its link.
    await page.goto('/pricing/', { waitUntil: 'networkidle' });
    expect(await current.getAttribute('href')).toBe('/pricing');
    expect(errors).toEqual([]);
    await context.close();
  });
});
