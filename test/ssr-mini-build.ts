import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SsrPageData } from '../api/platform/contracts/ssr.contract';

/**
 * A miniature web build: the shell, the three translation files and a server entry that writes
 * what it was asked to render, as JSON. Server tests that check what a page is given (its form
 * errors, its data) use it, so they pass whether or not `npm run build` ran before them; the real
 * entry is tested in the browser suite, after the build.
 */
export const miniatureWebBuild = (): string => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'grc-ssr-'));
  const dist = path.join(root, 'web');
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  write(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>');
  for (const [lng, title] of [['en', 'Pricing'], ['el', 'Τιμές'], ['ru', 'Цены']]) {
    write(path.join(dist, 'static/locales', lng!, 'translation.json'), JSON.stringify({ common: { brand: 'Aegis GRC' }, pricing: { metaTitle: title, professional: { name: 'Professional' }, enterprise: { name: 'Enterprise' } } }));
  }
  write(
    path.join(root, 'ssr/entry-server.mjs'),
    `export const render = async ({ url, data, translations }) => {
     globalThis.ssrRenders = (globalThis.ssrRenders ?? 0) + 1;
     const page = JSON.stringify({ url, data }).replace(/</g, '&lt;');
     return { html: '<main><h1>' + translations[data.lng].pricing.metaTitle + '</h1><pre id="page">' + page + '</pre></main>', styles: '<style>.css-x{}</style>', modules: [] };
   };`,
  );
  return dist;
};

/** How many pages the miniature entry rendered in this process. */
export const miniatureRenders = (): number => (globalThis as { ssrRenders?: number }).ssrRenders ?? 0;

/** What the miniature entry was asked to render, read back from its page. */
export const miniatureRendered = (html: string): { url: string; data: SsrPageData } => JSON.parse(/<pre id="page">(.*?)<\/pre>/.exec(html)![1]!.replace(/&lt;/g, '<'));

/** Runs `start` with the server pointed at `dist` (TEST_WEB_DIST), restoring the variable after. */
export const withWebDist = async <T>(dist: string, start: () => Promise<T>): Promise<T> => {
  const before = process.env.TEST_WEB_DIST;
  process.env.TEST_WEB_DIST = dist;
  try {
    return await start();
  } finally {
    if (before === undefined) delete process.env.TEST_WEB_DIST;
    else process.env.TEST_WEB_DIST = before;
  }
};
