import { defineConfig } from 'vitest/config';

/**
 * The server-rendered forms' files: they time what a visitor types against the scripts taking over
 * (a route held 1.5 s). Run beside another file, in one of three runs the contact form lost what was
 * typed before hydration, so they run alone, after the rest.
 */
const ALONE = ['web/src/ssr/**/*.browser.spec.ts'];

// Browser tests drive Debian's chromium against a real server. Each file starts its own server,
// databases and browser, and closes them; files share their worker's loaded modules (the whole app,
// for the in-process test servers), which saved about 4 s per file. The suite keeps two cores under
// a third busy one file at a time: two at a time, then the files above alone.
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    isolate: false,
    setupFiles: ['test/setup.ts'],
    projects: [
      { extends: true, test: { name: 'browser', include: ['{web,test,api}/**/*.browser.spec.ts'], exclude: ['**/node_modules/**', ...ALONE], maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'browser-alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
