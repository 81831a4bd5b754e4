import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageHeadTransform } from './page-head';
import { RELOAD_CHECK_MS, serveWeb } from './static';

// A miniature build: index.html, one hashed asset, one static file and the three translation files.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'grc-static-'));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), text);
};
const indexHtml = (build: string) =>
  `<!doctype html><html lang="en"><head><title>x</title><meta name="description" content="" />` +
  `<meta property="og:title" content="" /><meta property="og:description" content="" /><meta property="og:locale" content="" />` +
  `</head><body data-build="${build}"></body></html>`;
const translations = (title: string) => JSON.stringify({ common: { brand: 'Aegis GRC' }, pricing: { metaTitle: title, metaDescription: title } });

let base = '';
let server: ReturnType<express.Express['listen']>;

beforeAll(async () => {
  write('index.html', indexHtml('one'));
  write('assets/app-abc123.js', 'console.log(1)');
  write('static/favicon.svg', '<svg/>');
  for (const lng of ['en', 'el', 'ru']) write(`static/locales/${lng}/translation.json`, translations(`Pricing ${lng}`));
  const app = express();
  app.use(cookieParser());
  serveWeb(app, dist, pageHeadTransform('https://grc.example'));
  server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('answers page paths with the uncached index, its head written for the page and language', async () => {
    const res = await fetch(`${base}/pricing?lng=ru`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<html lang="ru"');
    expect(html).toContain('hreflang="el"');
    const el = await (await fetch(`${base}/pricing`, { headers: { cookie: 'i18next=el' } })).text();
    expect(el).toContain('<html lang="el"');
    const admin = await (await fetch(`${base}/admin/clients`)).text();
    expect(admin).toContain('<html lang="en"');
    expect(admin).not.toContain('hreflang');
  });

  it('serves real files, caches hashed assets for a year, 404s a missing asset, and falls back to the app for other dotted paths', async () => {
    const asset = await fetch(`${base}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/assets/missing-0000.js`)).status).toBe(404);
    const icon = await fetch(`${base}/static/favicon.svg`);
    expect(await icon.text()).toBe('<svg/>');
    const locale = await fetch(`${base}/static/locales/el/translation.json`);
    expect(locale.headers.get('cache-control')).toBe('no-cache');
    const dotted = await fetch(`${base}/some.page`);
    expect(dotted.status).toBe(200);
    expect(await dotted.text()).toContain('data-build="one"');
  });

  it('picks up a rebuild while serving: a new index.html and new translations', async () => {
    expect(await (await fetch(`${base}/pricing?lng=el`)).text()).toContain('Pricing el');
    write('index.html', indexHtml('two'));
    write('static/locales/el/translation.json', translations('Τιμές'));
    // The disk is looked at again after RELOAD_CHECK_MS.
    await vi.waitFor(
      async () => {
        const html = await (await fetch(`${base}/pricing?lng=el`)).text();
        expect(html).toContain('data-build="two"');
        expect(html).toContain('<title>Τιμές | Aegis GRC</title>');
      },
      { timeout: RELOAD_CHECK_MS * 5, interval: 100 },
    );
  });
});
