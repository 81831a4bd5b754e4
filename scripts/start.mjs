// `npm start`: builds the web app and the server when their sources are newer than the build,
// then serves everything from the compiled server (dist/server/main.mjs).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

const newest = (dir) => {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return max;
};
const stale = (built, sources) => !fs.existsSync(built) || fs.statSync(built).mtimeMs < Math.max(...sources);
const lockTime = fs.statSync(path.join(root, 'package-lock.json')).mtimeMs;

// The web app also imports the pure rules it shares with the server (domain/site, domain/shared).
if (stale(path.join(root, 'dist/web/index.html'), [newest(path.join(root, 'web')), newest(path.join(root, 'domain')), fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs])) {
  console.log('Building the web app...');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const server = path.join(root, 'dist/server/main.mjs');
if (stale(server, [lockTime, ...['api', 'domain', 'eventstore', 'projections'].map((d) => newest(path.join(root, d)))])) {
  console.log('Building the server...');
  await buildServer();
}

const child = spawn(process.execPath, [server], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
