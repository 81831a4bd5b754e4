import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['{domain,eventstore,projections,api,web,test}/**/*.{unit,int,e2e}.spec.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/*.browser.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    setupFiles: ['test/setup.ts'],
  },
});
