import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { SSR_DATA_ID } from '../platform/contracts/ssr.contract';
import { EARLY_SUBMIT_CSP_SOURCE, EARLY_SUBMIT_SCRIPT, EARLY_SUBMIT_TAG } from './early-submit';
import { assemblePage, stylesheetLinks, type BuildManifest } from './ssr-html';
import { pageKind } from './ssr-pages';

const shell = '<html lang="en"><head><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/shared-1.js"></head><body><div id="root"></div></body></html>';
const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_shared'] },
  _shared: { file: 'assets/shared-1.js' },
  'src/payInvoice/PayInvoicePage.tsx': { file: 'assets/PayInvoicePage-2.js', imports: ['_shared', '_format'], css: ['assets/PayInvoicePage-2.css'] },
  _format: { file: 'assets/format-3.js', imports: ['_shared'], css: ['assets/format-3.css'] },
  'src/AntdProvider.tsx': { file: 'assets/AntdProvider-4.js', imports: ['_format'] },
};

describe('server-rendered page assembly', () => {
  it('links the CSS of the page chunks and what they import, leaving out what the shell already loads', () => {
    expect(stylesheetLinks(manifest, ['src/payInvoice/PayInvoicePage.tsx', 'src/AntdProvider.tsx'], shell)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/PayInvoicePage-2.css">',
      '<link rel="stylesheet" crossorigin href="/assets/format-3.css">',
    ]);
    expect(stylesheetLinks({ ...manifest, _format: { file: 'assets/format-3.js', css: ['assets/shared-1.js'] } }, ['src/AntdProvider.tsx'], shell)).toEqual([]);
    expect(stylesheetLinks(undefined, ['src/AntdProvider.tsx'], shell)).toEqual([]);
    expect(stylesheetLinks(manifest, ['src/Unknown.tsx'], shell)).toEqual([]);
  });

  it('puts the HTML in #root, the head elements before </head> and the data in a JSON block nothing can close', () => {
    const data = { lng: 'el' as const, today: '2026-11-26', company: { name: 'A </script><b>', address: '', phone: '', email: '', registration_number: '', vat_number: '', jurisdiction: '' } };
    const page = assemblePage(shell, { body: '<main><h1>$& $1 Τιμές</h1></main>', head: ['<style>.a{}</style>'], data });
    expect(page).toContain('<style>.a{}</style>\n  </head>');
    expect(page).toContain('<div id="root"><main><h1>$& $1 Τιμές</h1></main></div>');
    const json = new RegExp(`<script type="application/json" id="${SSR_DATA_ID}">(.*?)</script>`).exec(page)![1]!;
    expect(JSON.parse(json)).toEqual(data);
    // The shell's module script, the early-submit script and the data block.
    expect(page.match(/<\/script>/g)).toHaveLength(3);
  });

  it('puts the early-submit script first in the head, after the charset and before any stylesheet, under a CSP hash of its own text', () => {
    const withCharset = shell.replace('<head>', '<head><meta charset="UTF-8" /><link rel="stylesheet" href="/assets/index-1.css">');
    const page = assemblePage(withCharset, { body: '', head: [], data: { lng: 'en', today: '2026-11-26' } });
    expect(page).toContain(`<head><meta charset="UTF-8" />\n    ${EARLY_SUBMIT_TAG}<link rel="stylesheet"`);
    expect(assemblePage(shell, { body: '', head: [], data: { lng: 'en', today: '2026-11-26' } })).toContain(`<head>\n    ${EARLY_SUBMIT_TAG}<script type="module"`);
    expect(EARLY_SUBMIT_CSP_SOURCE).toBe(`'sha256-${createHash('sha256').update(EARLY_SUBMIT_SCRIPT, 'utf8').digest('base64')}'`);
    // Nothing in it may end the element early or be read as HTML.
    expect(EARLY_SUBMIT_SCRIPT).not.toMatch(/<\/|<!--/);
    expect(EARLY_SUBMIT_SCRIPT.length).toBeLessThan(1000);
  });

  it('knows the public pages, the pay link and everything else (not found)', () => {
    expect(['/', '/features', '/pricing/', '/login', '/terms-and-conditions'].map(pageKind)).toEqual(['public', 'public', 'public', 'public', 'public']);
    expect(pageKind('/pay-invoice/0b6f7a1e-1111-4c3d-9a6b-123456789abc')).toBe('pay');
    expect(['/pay-invoice/a/b', '/nope', '/featuresx'].map(pageKind)).toEqual(['notFound', 'notFound', 'notFound']);
  });
});
