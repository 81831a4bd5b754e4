import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLocale } from '../../test/web-i18n';

const flatten = (obj: Record<string, unknown>, prefix = '', out: Record<string, unknown> = {}) => {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v as Record<string, unknown>, key, out);
    else out[key] = v;
  }
  return out;
};
const variables = (value: unknown) => [...JSON.stringify(value).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const en = flatten(readLocale('en'));

describe('translation files', () => {
  it.each(['el', 'ru'])('%s has exactly the keys of en, with the same interpolation variables and list lengths', (lng) => {
    const other = flatten(readLocale(lng));
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect({ key, vars: variables(other[key]) }).toEqual({ key, vars: variables(en[key]) });
      if (Array.isArray(en[key])) expect({ key, length: (other[key] as unknown[]).length }).toEqual({ key, length: (en[key] as unknown[]).length });
    }
  });

  it('defines every literal key the public site, shell and auth code asks for', () => {
    const dirs = ['public', 'layout', 'auth', 'area', 'seo', 'common'].map((d) => path.join(import.meta.dirname, d));
    const files = dirs.flatMap((d) => fs.readdirSync(d, { recursive: true, withFileTypes: true }).filter((f) => f.isFile() && /\.tsx?$/.test(f.name) && !f.name.includes('.spec.')).map((f) => path.join(f.parentPath, f.name)));
    const keys = new Set<string>();
    for (const file of files) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) keys.add(m[1]!);
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\b(?:titleKey|key|successKey|failureKey|usePageMeta\()\s*[:=(]?\s*'([a-z][a-zA-Z]+\.[a-zA-Z0-9_.]+)'/g)) keys.add(m[1]!);
    }
    expect(keys.size).toBeGreaterThan(40);
    const missing = [...keys].filter((k) => !(k in en) && !Object.keys(en).some((e) => e.startsWith(`${k}.`)));
    expect(missing).toEqual([]);
  });

  it('keeps the spec texts verbatim in English', () => {
    expect(en).toMatchObject({
      'home.title': 'The Future of Integrated Governance, Risk, Compliance. (G.R.C)',
      'notifications.formInvalid': 'Please correct the errors in the form.',
      'contact.sending': 'Sending...',
      'demo.submitting': 'Submitting Request...',
      'contact.success': 'Message sent successfully!',
      'demo.success': 'Demo booked successfully! We will contact you soon.',
      'contact.failure': 'Failed to send message. Please try again later.',
      'demo.failure': 'Failed to book demo. Please try again later.',
      'auth.loginFailed': 'Login failed. Please check your credentials.',
      'common.loading': 'Loading...',
      'admin.layout.title': 'Admin Dashboard',
      'portal.layout.title': 'Client Portal',
    });
  });
});
