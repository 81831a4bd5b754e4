import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from './processes';

// `npm start` runs the server compiled by scripts/build-server.mjs, not under tsx: it must start,
// migrate, build its GraphQL schema (decorators without metadata) and serve like the sources do.
// test/global-setup.ts compiles it once for the run.
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grc-compiled-'));
let server: AppProcess;
let base: string;

beforeAll(async () => {
  server = await startAppProcess('web', { ROLE: 'all', NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', RECURRING_SCHEDULE: 'false', ADMIN_USERNAME: 'compiled-admin', ADMIN_PASSWORD: 'compiled-admin-pass', LOG_LEVEL: 'warn' });
  base = server.url!;
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('logs in over REST and answers GraphQL with the session', async () => {
    const login = await fetch(`${base}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'compiled-admin', password: 'compiled-admin-pass' }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const csrf = cookies.find((c) => c.startsWith('csrftoken='))!.slice('csrftoken='.length);
    const me = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrftoken': csrf },
      body: JSON.stringify({ query: '{ me { username isSuperuser } }' }),
    });
    expect(await me.json()).toEqual({ data: { me: { username: 'compiled-admin', isSuperuser: true } } });
    const list = await fetch(`${base}/api/invoices/?limit=5`, { headers: { cookie: cookies.join('; ') } });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('0');

    // The EN 16931 rules' worker ships beside the compiled chunks: an inbound e-invoice is checked and imported.
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(path.join(root, 'vendor/en16931/ubl-tc434-example1.xml'))], { type: 'application/xml' }), 'example.xml');
    const imported = await fetch(`${base}/api/bills/import/`, { method: 'POST', headers: { cookie: cookies.join('; '), 'x-csrftoken': csrf }, body: form });
    expect(imported.status, await imported.clone().text()).toBe(201);
    expect(await imported.json()).toMatchObject({ invoice_number: '12115118', total_amount: 250.33, status: 'draft' });
  }, 120_000);

  it.runIf(fs.existsSync(path.join(root, 'dist/web/index.html')))('serves the built web app from the project root', async () => {
    const home = await fetch(`${base}/?lng=el`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="el"');
  });

  it('stops cleanly on SIGTERM', async () => {
    await server.stop();
    expect(server.proc.exitCode).toBe(0);
  });
});
