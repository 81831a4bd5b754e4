import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute folder of the server and worker compiled for this run (main.mjs, worker.mjs). */
    compiledServer: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

/**
 * Compiles the server and worker once per test run, as `npm start` runs them (about half a second
 * with esbuild), for the tests that start real processes (test/processes.ts, the compiled-server
 * test); removed when the run ends. Inside dist/, so the bundle's package imports find node_modules.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const outdir = path.join('dist', `server-test-${process.pid}`);
  await buildServer(outdir);
  project.provide('compiledServer', path.join(root, outdir));
  return () => fs.rmSync(path.join(root, outdir), { recursive: true, force: true });
}
