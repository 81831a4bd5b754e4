import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Our sources would otherwise get graphql's ESM build while type-graphql and Apollo (external
    // CommonJS) use its CJS build: two realms of one library break instanceof checks.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['{domain,eventstore,projections,api,web,test}/**/*.{unit,int,e2e}.spec.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/*.browser.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most files wait on databases, servers and timers more than they compute: three at a time
    // finish the suite in about half the time of vitest's default on two cores (one worker).
    maxWorkers: 3,
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
  },
});
