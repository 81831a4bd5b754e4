import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { injectPageHead, requestLanguage } from './page-head';

const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');
const locale = (lng: string) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../../web/public/static/locales/${lng}/translation.json`), 'utf8'));
const req = (query: Record<string, string>, cookies: Record<string, string>, acceptLanguage?: string) => ({
  query,
  cookies,
  get: (name: string) => (name.toLowerCase() === 'accept-language' ? acceptLanguage : undefined),
});

describe('page head for crawlers', () => {
  it('writes the translated title, description, Open Graph tags and hreflang alternates of a public page', () => {
    const out = injectPageHead(html, { pathname: '/pricing', lng: 'el', baseUrl: 'https://grc.example', translations: locale('el') });
    expect(out).toContain('<html lang="el"');
    expect(out).toContain('<title>Τιμές | Aegis GRC</title>');
    expect(out).toMatch(/<meta name="description" content="Πακέτο Professional[^"]*"/);
    expect(out).toContain('<meta property="og:title" content="Τιμές | Aegis GRC"');
    expect(out).toContain('<meta property="og:locale" content="el_GR"');
    expect(out).toContain('<link rel="canonical" href="https://grc.example/pricing?lng=el" />');
    for (const lng of ['en', 'el', 'ru']) expect(out).toContain(`<link rel="alternate" hreflang="${lng}" href="https://grc.example/pricing?lng=${lng}" />`);
    expect(out).toContain('<link rel="alternate" hreflang="x-default" href="https://grc.example/pricing" />');
    expect(out.match(/<title>/g)).toHaveLength(1);
  });

  it('gives private and unknown paths only the language and the translation preload', () => {
    const out = injectPageHead(html, { pathname: '/admin/clients', lng: 'ru', baseUrl: 'https://grc.example', translations: locale('ru') });
    expect(out).toContain('<html lang="ru"');
    expect(out).toContain('<link rel="preload" href="/static/locales/ru/translation.json" as="fetch" crossorigin="anonymous" />');
    expect(out).not.toContain('hreflang');
    expect(out).toContain('<title>Integrated Governance, Risk and Compliance Platform | Aegis GRC</title>');
  });

  it('picks the language like the web detector: query, then cookie, then Accept-Language, then English', () => {
    expect(requestLanguage(req({ lng: 'ru' }, { i18next: 'el' }, 'el'))).toBe('ru');
    expect(requestLanguage(req({}, { i18next: 'el' }, 'ru'))).toBe('el');
    expect(requestLanguage(req({}, {}, 'de-DE,ru;q=0.8'))).toBe('ru');
    expect(requestLanguage(req({ lng: 'xx' }, {}, 'fr'))).toBe('en');
  });
});
