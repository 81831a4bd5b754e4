import { defineConfig } from 'vitest/config';

// Browser tests drive Debian's chromium against a real server. Two files run at a time: a file waits
// on its pages far more than it computes (the suite kept two cores under a third busy), and two
// workers took 614 s where one took 987 s. Each worker's files share its loaded modules (the whole
// app, for the in-process test servers), which saved about 4 s per file. Each file still starts its
// own server, databases and browser, and closes them.
export default defineConfig({
  test: {
    include: ['{web,test,api}/**/*.browser.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    setupFiles: ['test/setup.ts'],
  },
});
