// `npm run build` (second half): compiles the server and the worker to plain JavaScript in
// dist/server, so production processes run without a TypeScript loader (about 100 MB less memory
// per process than under tsx). Our sources are bundled; packages stay imports of node_modules.
// esbuild treats decorators as tsx does (tsconfig's experimentalDecorators, no metadata).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

// The EN 16931 rules' worker thread is its own file, found beside the code that starts it (rules.ts).
export const SERVER_ENTRIES = { main: 'api/main/main.ts', worker: 'api/main/worker.ts', 'en16931-worker': 'api/platform/en16931/en16931-worker.mjs' };

export const buildServer = (outdir = 'dist/server') => {
  fs.rmSync(path.join(root, outdir), { recursive: true, force: true });
  return build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Stack traces map back to the TypeScript with NODE_OPTIONS=--enable-source-maps.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
};

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
