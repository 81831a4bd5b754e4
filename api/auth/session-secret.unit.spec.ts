import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { SESSION_SECRET_FILE, sessionSecretOf } from './session-secret';

const run = promisify(execFile);

describe('sessionSecretOf', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'session-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('is SESSION_SECRET when set, and then keeps nothing in DATA_DIR', () => {
    const dir = freshDir();
    expect(sessionSecretOf(loadConfig({ SESSION_SECRET: 'configured', DATA_DIR: dir }))).toBe('configured');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('without SESSION_SECRET, is one private key in DATA_DIR that every later start reads', () => {
    const dir = path.join(freshDir(), 'not-yet-made');
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.sessionSecret).toBeUndefined();
    const secret = sessionSecretOf(config);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(path.join(dir, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(sessionSecretOf(loadConfig({ DATA_DIR: dir }))).toBe(secret);
    expect(fs.readdirSync(dir)).toEqual([SESSION_SECRET_FILE]);
    expect(sessionSecretOf(loadConfig({ DATA_DIR: freshDir() }))).not.toBe(secret);
  });

  it('gives processes that start together on one DATA_DIR the same secret', { timeout: 30_000 }, async () => {
    const rounds = Array.from({ length: 30 }, () => freshDir());
    // Each process loads the module, then at the same instants (waited for busily, to the
    // millisecond) reads the secret of one fresh DATA_DIR after another, so they race to make it.
    const at = Date.now() + 3000;
    const script = `import(${JSON.stringify(path.resolve(import.meta.dirname, 'session-secret.ts'))}).then((m) => {
      const out = [];
      for (const [i, dataDir] of ${JSON.stringify(rounds)}.entries()) {
        while (Date.now() < ${at} + i * 50);
        out.push(m.sessionSecretOf({ dataDir }));
      }
      process.stdout.write(out.join(','));
    })`;
    const outputs = await Promise.all(Array.from({ length: 4 }, () => run(process.execPath, ['--import', 'tsx', '-e', script])));
    const perProcess = outputs.map((o) => o.stdout.split(','));
    for (const [i, dir] of rounds.entries()) {
      const secrets = perProcess.map((p) => p[i]);
      expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(new Set(secrets)).toEqual(new Set([secrets[0]]));
      expect(fs.readdirSync(dir)).toEqual([SESSION_SECRET_FILE]);
    }
  });

  it('is still required in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk', PUBLIC_BASE_URL: 'https://x.example' })).toThrow(/SESSION_SECRET is required/);
  });
});
