// The web app's two Vite builds: the browser's (dist/web) and the server-rendering entry
// (dist/ssr/entry-server.mjs, which the server loads to render the public pages).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export const SSR_ENTRY = path.join(root, 'dist/ssr/entry-server.mjs');

/** Runs both builds; answers the exit status of the first that fails (0 when both pass). */
export const buildWeb = (extraArgs = ['--logLevel', 'warn']) => {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  for (const args of [['build'], ['build', '--ssr']]) {
    const r = spawnSync(process.execPath, [vite, ...args, ...extraArgs], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) return r.status ?? 1;
  }
  return 0;
};

if (import.meta.url === `file://${process.argv[1]}`) process.exit(buildWeb([]));
