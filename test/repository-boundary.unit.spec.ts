import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A fresh clone holds everything it needs: no file of the repository reaches a `shared` folder
 * beside it (the reference material `../shared` on the development machine, which a clone does not
 * have). Code resolves its paths from its own folder; documents, scripts and configuration are read
 * or run from the repository root too, so theirs are resolved from both. `web/src/shared` and
 * `domain/shared` stay inside and are fine. `.ci/run` also runs the suite from a copy with nothing
 * beside it.
 */
const ROOT = resolve(import.meta.dirname, '..');
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'data', 'coverage', 'test-results', 'screenshots', '.vite', 'vendor']);
const CODE = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;
const TEXT = /\.(ts|tsx|mts|cts|mjs|cjs|js|json|md|yml|yaml|sh|html|css|graphql)$|^(Dockerfile|Caddyfile|run|\.gitignore|\.dockerignore)$/;
const SHARED = /(?:\.\.\/)+shared\b/g;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : files(join(dir, entry.name));
    return TEXT.test(entry.name) && entry.name !== 'package-lock.json' ? [join(dir, entry.name)] : [];
  });

const outside = (path: string) => path !== ROOT && !path.startsWith(ROOT + sep);

/** Every `../shared` (however many `../`) in a file that points outside the repository. */
const escapes = (file: string): string[] => {
  const from = CODE.test(file) ? [dirname(file)] : [dirname(file), ROOT];
  const found: string[] = [];
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(SHARED)) {
    if (from.some((base) => outside(resolve(base, match[0])))) {
      found.push(`${relative(ROOT, file)}:${text.slice(0, match.index).split('\n').length}: ${match[0]}`);
    }
  }
  return found;
};

describe('the repository holds what it needs', () => {
  const all = files(ROOT);

  it('reads the whole repository, its in-repository shared folders included', () => {
    // Guards the scan itself: a wrong root or filter would make the check below pass on nothing.
    expect(all.length).toBeGreaterThan(500);
    expect(all).toContain(join(ROOT, 'README.md'));
    expect(all).toContain(join(ROOT, '.ci', 'run'));
    expect(all.some((f) => f.includes(`${sep}web${sep}src${sep}shared${sep}`))).toBe(true);
  });

  it('tells a path that leaves the repository from one that stays inside', () => {
    const code = join(ROOT, 'api', 'einvoice', 'x.spec.ts');
    // Spelled in parts, so that this file does not hold the very path it looks for.
    expect(outside(resolve(dirname(code), ['..', '..', '..', 'shared', 'einvoice', 'validate.mjs'].join('/')))).toBe(true);
    expect(outside(resolve(join(ROOT, 'web', 'src', 'portal'), '../shared/billing-badges'))).toBe(false);
  });

  it('no file reaches a shared folder beside the repository', () => {
    expect(all.flatMap(escapes)).toEqual([]);
  });
});
