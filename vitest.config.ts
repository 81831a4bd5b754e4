import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);

const TESTS = ['{domain,eventstore,projections,api,web,test}/**/*.{unit,int,e2e}.spec.{ts,tsx}'];
const EXCLUDED = ['**/node_modules/**', '**/*.browser.spec.ts'];
/** Test files that mock a module with vi.mock. */
const MOCKING = ['test/security/login-timing.e2e.spec.ts'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Our sources would otherwise get graphql's ESM build while type-graphql and Apollo (external
    // CommonJS) use its CJS build: two realms of one library break instanceof checks.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most files wait on databases, servers and timers more than they compute: three at a time
    // finish the suite in about half the time of vitest's default on two cores (one worker).
    maxWorkers: 3,
    setupFiles: ['test/setup.ts'],
    projects: [
      // Files share their worker's loaded modules instead of loading the app again each (nearly
      // every file imports all of it): the suite took 730 s instead of 1,364 s on two cores. Each
      // file still opens its own databases and servers, and restores what it changes.
      // Only these start the compiled server (test/processes.ts), built once by the global setup.
      { extends: true, test: { name: 'shared', isolate: false, include: TESTS, exclude: [...EXCLUDED, ...MOCKING], globalSetup: ['test/global-setup.ts'] } },
      // vi.mock replaces a module for its file only, which needs the file's own module graph.
      { extends: true, test: { name: 'isolated', isolate: true, include: MOCKING, exclude: EXCLUDED } },
    ],
  },
});
