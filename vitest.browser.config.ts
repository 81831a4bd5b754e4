import { defineConfig } from 'vitest/config';

// Browser tests drive Debian's chromium against a real server; they run one file at a time.
export default defineConfig({
  test: {
    include: ['{web,test,api}/**/*.browser.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
    setupFiles: ['test/setup.ts'],
  },
});
