import { defineConfig } from 'vitest/config';

// Browser tests drive Debian's chromium against a real server; they run one file at a time, in one
// worker whose loaded modules (the whole app, for the in-process test servers) every file shares:
// the suite took 987 s instead of 2,201 s on two cores. Each file still starts its own server,
// databases and browser, and closes them.
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
