import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every regular expression in the product's own code (server, domain, projections, event store,
 * web) is checked by recheck, a ReDoS checker: a pattern that can backtrack super-linearly fails
 * here, so a new vulnerable pattern fails CI before it meets an input. Tests are left out (their
 * patterns only ever meet the product's own answers). The product builds no pattern at run time
 * (`new RegExp`): one built from data could not be checked here, so that is refused too.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const FOLDERS = ['api', 'domain', 'projections', 'eventstore', 'web/src', 'scripts'];
// Test code that is not named as a spec: the event-store contract suite the adapters' specs run.
const TEST_CODE = /\.contract\.ts$/;
const isProductFile = (name: string) => /\.(ts|tsx|mts|mjs|js)$/.test(name) && !/\.(spec|test)\.|\.d\.ts$/.test(name);

const productFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'generated' ? [] : productFiles(path);
    return isProductFile(entry.name) && !TEST_CODE.test(entry.name) ? [path] : [];
  });

interface Found {
  where: string;
  source: string;
  flags: string;
}

const patternsIn = (path: string): { literals: Found[]; built: string[] } => {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const literals: Found[] = [];
  const built: string[] = [];
  const where = (node: ts.Node) => `${relative(ROOT, path)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const text = node.getText();
      const end = text.lastIndexOf('/');
      literals.push({ where: where(node), source: text.slice(1, end), flags: text.slice(end + 1) });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      built.push(where(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { literals, built };
};

const found = FOLDERS.flatMap((folder) => productFiles(join(ROOT, folder))).map(patternsIn);
const literals = found.flatMap((f) => f.literals);

describe('regular expressions against ReDoS', () => {
  it('finds the product code and its patterns', () => {
    // Guards the scan itself: a wrong folder would make every check below pass on nothing.
    expect(literals.length).toBeGreaterThan(50);
    expect(literals.some((l) => l.where.startsWith('domain/site/form-rules.ts'))).toBe(true);
  });

  it('builds no pattern at run time', () => {
    expect(found.flatMap((f) => f.built)).toEqual([]);
  });

  it('has no pattern that backtracks super-linearly', async () => {
    const unsafe: string[] = [];
    // Distinct patterns once each; recheck's native checker takes a few milliseconds a pattern.
    const distinct = new Map<string, Found[]>();
    for (const l of literals) distinct.set(`/${l.source}/${l.flags}`, [...(distinct.get(`/${l.source}/${l.flags}`) ?? []), l]);
    for (const [pattern, places] of distinct) {
      const { source, flags } = places[0]!;
      const diagnostics = await check(source, flags, { timeout: 10_000 });
      if (diagnostics.status !== 'safe') {
        const detail = diagnostics.status === 'vulnerable' ? `${diagnostics.complexity.type}, attack ${JSON.stringify(diagnostics.attack.pattern)}` : diagnostics.error.kind;
        unsafe.push(`${pattern} (${diagnostics.status}: ${detail}) at ${places.map((p) => p.where).join(', ')}`);
      }
    }
    expect(unsafe).toEqual([]);
  }, 120_000);

  it('the checker itself flags the patterns found by the penetration test', async () => {
    expect((await check('\\s*Did you mean\\b[^?]*\\?', 'gi')).status).toBe('vulnerable');
    expect((await check('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', '')).status).toBe('vulnerable');
  });
});
