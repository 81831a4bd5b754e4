// `npm start`: builds the web app when its sources are newer than the build, then serves everything.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/web/index.html');

const newest = (dir) => {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return max;
};

// The web app also imports the pure rules it shares with the server (domain/site, domain/shared).
const sourcesTime = Math.max(
  newest(path.join(root, 'web')),
  newest(path.join(root, 'domain')),
  fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourcesTime) {
  console.log('Building the web app...');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
