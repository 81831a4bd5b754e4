import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** A Vite build manifest: each chunk's file and the chunks it imports statically or lazily. */
type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>;

/** Everything the browser fetches once a chunk runs: the chunk and its static imports, transitively. */
export const staticClosure = (manifest: Manifest, roots: string[]): Set<string> => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
};

/**
 * What a visitor who is not signed in can load: the HTML entry and everything it imports, now or
 * lazily, except through the admin's and the portal's route modules (signed-in areas).
 */
export const publicRoots = (manifest: Manifest): string[] => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key] || /^src\/(admin|portal)\/[A-Za-z]+Routes\.tsx$/.test(key)) return;
    seen.add(key);
    for (const imported of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) visit(imported);
  };
  Object.keys(manifest).filter((k) => manifest[k]!.isEntry).forEach(visit);
  return [...seen];
};

// Recharts names the elements it draws "recharts-surface", "recharts-responsive-container"...: any
// chunk with a piece of the library in it carries such a name (the app's own code writes none).
const RECHARTS = /["'`]recharts-[a-z]/;

/** The files of the chunks of a public page that carry Recharts. */
const chartsInPublic = (manifest: Manifest, readFile: (file: string) => string): string[] =>
  [...staticClosure(manifest, publicRoots(manifest))].map((k) => manifest[k]!.file).filter((file) => RECHARTS.test(readFile(file)));

// Needs `npm run build` first (like every browser test): it reads the built dist/web.
describe("the public pages' JavaScript", () => {
  const dist = process.env.TEST_WEB_DIST || path.resolve(import.meta.dirname, '../../../dist/web');

  it('finds a chart library that leaks into a public page (a made-up build)', () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/boot.tsx'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/boot.tsx': { file: 'assets/boot.js', dynamicImports: ['src/public/pages/HomePage.tsx', 'src/admin/AdminRoutes.tsx'] },
      'src/public/pages/HomePage.tsx': { file: 'assets/home.js', imports: ['_charts.js'] },
      'src/admin/AdminRoutes.tsx': { file: 'assets/admin.js', dynamicImports: ['src/admin/overview/OverviewCharts.tsx'] },
      'src/admin/overview/OverviewCharts.tsx': { file: 'assets/overview-charts.js', imports: ['_charts.js'] },
      '_charts.js': { file: 'assets/charts.js' },
    };
    const files: Record<string, string> = { 'assets/charts.js': 'className:"recharts-surface"' };
    expect(chartsInPublic(manifest, (f) => files[f] ?? '')).toEqual(['assets/charts.js']);
    // Reached only from the admin, it is no leak.
    manifest['src/public/pages/HomePage.tsx']!.imports = [];
    expect(chartsInPublic(manifest, (f) => files[f] ?? '')).toEqual([]);
  });

  it('never carries Recharts: the charts load with the admin only', () => {
    const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
    const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');
    const roots = publicRoots(manifest);
    // The check looks where a visitor's browser goes: the home page, pay-by-link, and not the admin.
    expect(roots).toEqual(expect.arrayContaining(['index.html', 'src/public/pages/HomePage.tsx', 'src/payInvoice/PayInvoicePage.tsx']));
    expect(roots.filter((k) => k.startsWith('src/admin/'))).toEqual([]);
    // The library is in the build (the marker finds it), behind the admin's overview...
    const withCharts = Object.values(manifest).filter((c) => c.file.endsWith('.js') && RECHARTS.test(read(c.file)));
    expect(withCharts.length).toBeGreaterThan(0);
    // ...and in none of the public chunks.
    expect(chartsInPublic(manifest, read)).toEqual([]);
  });
});
