import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * README.md is a short entry with a table of contents into docs/: every relative link there and in
 * docs/ (and the vendored artefacts' README) must lead to a file, and a `#fragment` to a heading of
 * that file, named as GitHub names its anchors (lower case, punctuation dropped, spaces as hyphens,
 * `-1`, `-2` for repeats).
 */
const ROOT = resolve(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs');
const FILES = [join(ROOT, 'README.md'), ...readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => join(DOCS, f)), join(ROOT, 'vendor', 'en16931', 'README.md'), join(ROOT, 'vendor', 'mydata', 'README.md')];

/** The text outside fenced code blocks, line by line. */
const proseLines = (text: string): string[] => {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (line.startsWith('```')) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
};

const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');

const anchorsIn = (file: string): Set<string> => {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(readFileSync(file, 'utf8'))) {
    const heading = /^#{1,6} (.+)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = anchorOf(heading.trim());
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
};

const linksIn = (file: string): string[] =>
  proseLines(readFileSync(file, 'utf8')).flatMap((line) => [...line.matchAll(/\]\(([^()\s]+)\)/g)].map((m) => m[1]!));

const broken = (file: string): string[] =>
  linksIn(file)
    .filter((target) => !/^(https?|mailto):/.test(target))
    .flatMap((target) => {
      const [path, fragment] = target.split('#') as [string, string | undefined];
      const dest = path ? resolve(dirname(file), path) : file;
      const where = `${relative(ROOT, file)}: ${target}`;
      if (!existsSync(dest)) return [`${where} (no such file)`];
      if (fragment && !anchorsIn(dest).has(fragment)) return [`${where} (no such heading)`];
      return [];
    });

describe('README and docs links', () => {
  it('names anchors as GitHub does', () => {
    expect(anchorOf('Money after the payment: refunds, disputes, Stripe fees and payouts')).toBe('money-after-the-payment-refunds-disputes-stripe-fees-and-payouts');
    expect(anchorOf('Card payments (Stripe)')).toBe('card-payments-stripe');
    expect(anchorOf('E-mails')).toBe('e-mails');
  });

  it('finds the table of contents and the pages it leads to', () => {
    // Guards the scan: a README without links into docs/ would pass the check below on nothing.
    const readme = linksIn(join(ROOT, 'README.md'));
    for (const page of ['operating', 'accounting', 'api', 'architecture']) expect(readme).toContain(`docs/${page}.md`);
    expect(readme.filter((l) => l.includes('#')).length).toBeGreaterThan(20);
  });

  it('every relative link leads to a file and heading that exist', () => {
    expect(FILES.flatMap(broken)).toEqual([]);
  });
});
