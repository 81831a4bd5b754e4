import { defineConfig } from 'vitest/config';

// Browser tests drive Debian's chromium against a real server, one file at a time. The files share
// their worker's loaded modules (the whole app, for the in-process test servers), which saved about
// 4 s per file. Two files at a time took 614 s instead of 987 s (the suite keeps two cores under a
// third busy), but in one of three such runs the server-rendered contact form lost what was typed
// before the scripts took over (ssr.browser.spec.ts): run them in parallel once that race is found.
// Each file starts its own server, databases and browser, and closes them.
export default defineConfig({
  test: {
    include: ['{web,test,api}/**/*.browser.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
    isolate: false,
    setupFiles: ['test/setup.ts'],
  },
});
