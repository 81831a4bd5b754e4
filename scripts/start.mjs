// `npm start`: builds the web app and the server when their sources are newer than the build,
// then serves everything from the compiled server (dist/server/main.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server.mjs';
import { buildWeb, SSR_ENTRY } from './build-web.mjs';

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
// The server-rendering entry also reads the REST and SSR contracts (api/platform/contracts).
const webSources = [newest(path.join(root, 'web')), newest(path.join(root, 'domain')), newest(path.join(root, 'api/platform/contracts')), fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs];
if (stale(path.join(root, 'dist/web/index.html'), webSources) || stale(SSR_ENTRY, webSources)) {
  console.log('Building the web app...');
  const status = buildWeb();
  if (status !== 0) process.exit(status);
}
const server = path.join(root, 'dist/server/main.mjs');
if (stale(server, [lockTime, ...['api', 'domain', 'eventstore', 'projections'].map((d) => newest(path.join(root, d)))])) {
  console.log('Building the server...');
  await buildServer();
}

const child = spawn(process.execPath, [server], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
