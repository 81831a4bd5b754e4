import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

export interface AppProcess {
  proc: ChildProcess;
  url?: string;
  output: () => string;
  /** Graceful stop (SIGTERM), resolved when the process has exited. */
  stop: () => Promise<void>;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

/** The children of a WEB_PROCESSES supervisor (the worker and the web processes), each with the ROLE it was given. */
export const supervisedChildren = (supervisor: number): { pid: number; role: string }[] =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(supervisor)], { encoding: 'utf8' })
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((pid) => pid > 0)
    .map((pid) => {
      try {
        const env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        return { pid, role: env.find((e) => e.startsWith('ROLE='))?.slice(5) ?? '' };
      } catch {
        return { pid, role: 'gone' };
      }
    });

const exited = (proc: ChildProcess) =>
  new Promise<void>((resolve) => (proc.exitCode !== null || proc.signalCode !== null ? resolve() : proc.once('exit', () => resolve())));

/** A port nothing listens on now, as the OS hands out for port 0 (on every address, as the server binds). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Another process took the port between the probe and the server's listen. */
class PortTaken extends Error {}

/**
 * Starts `npm start`'s server (`web`, ROLE=web unless `env` says otherwise) or the worker (`worker`), compiled, as a real child process.
 * The web server gets a port the OS reports free; should another process take it first, it starts again on another.
 */
export const startAppProcess = async (kind: 'web' | 'worker', env: Record<string, string>): Promise<AppProcess> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(kind, env, kind === 'web' ? await freePort() : 0);
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt === 5) throw e;
    }
  }
};

const launch = async (kind: 'web' | 'worker', env: Record<string, string>, listenPort: number): Promise<AppProcess> => {
  const port = String(listenPort);
  // Compiled once for the run by test/global-setup.ts: a child starts in about a second, where
  // under tsx each compiled every module again.
  const entry = path.join(inject('compiledServer'), kind === 'web' ? 'main.mjs' : 'worker.mjs');
  const proc = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ROLE: kind, ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = kind === 'web' ? `http://127.0.0.1:${port}` : undefined;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) {
      if (out.includes(`EADDRINUSE`) && out.includes(`:${port}`)) throw new PortTaken(out);
      throw new Error(`${kind} exited early:\n${out}`);
    }
    const ready = url ? await fetch(`${url}/healthz`).then((r) => r.ok, () => false) : out.includes('worker started');
    if (ready) break;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`${kind} did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    proc,
    url,
    output: () => out,
    stop: async () => {
      proc.kill('SIGTERM');
      await exited(proc);
    },
    kill: async (signal = 'SIGKILL') => {
      proc.kill(signal);
      await exited(proc);
    },
  };
};

/** A tiny cookie-keeping HTTP client that echoes the CSRF cookie, usable against any instance. */
export class SessionClient {
  private cookies = new Map<string, string>();

  constructor(public base: string) {}

  /** The cookies as a Cookie header, for requests made another way (on a connection of their own). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  at(base: string): SessionClient {
    const other = new SessionClient(base);
    other.cookies = this.cookies;
    return other;
  }

  async call(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const csrf = this.cookies.get('csrftoken');
    if (csrf && method !== 'GET') headers['x-csrftoken'] = decodeURIComponent(csrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
}
