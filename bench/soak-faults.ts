import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Runtime } from '../api/main/runtime';
import { buildServer } from '../scripts/build-server.mjs';
import { supervisedChildren } from '../test/processes';
import { figure } from './support';

/**
 * `SOAK_FAULTS=1 npm run soak`: the soak's server runs as `WEB_PROCESSES=2 npm start` runs it (a
 * supervisor, a worker, two web processes), on a PostgreSQL instance of the soak's own (initdb
 * into a temporary directory, another port: the machine's cluster is never touched), and during the
 * run it suffers, one after the other: a web process killed (SIGKILL), the worker killed, PostgreSQL
 * restarted after a fast stop, and after an immediate stop (a crash: no checkpoint, recovery from
 * the WAL). Each fault waits at most RECOVERY_TIMEOUT_MS for the service to be whole again; a
 * request answered otherwise than expected from the fault until WINDOW_GRACE_MS after that is
 * counted apart (soak_fault_window_failures), any other stays an error. The closing checks run as
 * without faults.
 */
const RECOVERY_TIMEOUT_MS = 60_000;
const WINDOW_GRACE_MS = 5_000;
/** How long a PostgreSQL restart keeps the database away. */
const DATABASE_DOWN_MS = 3_000;

const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** PostgreSQL's server programs: SOAK_PG_BIN, else pg_config's bindir. */
const pgBin = (): string => {
  const dir = process.env.SOAK_PG_BIN || execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  if (!fs.existsSync(path.join(dir, 'initdb'))) throw new Error(`SOAK_FAULTS needs PostgreSQL's initdb and pg_ctl (SOAK_PG_BIN or pg_config --bindir), not found in ${dir}`);
  return dir;
};

/** A PostgreSQL instance in a temporary directory, run as the postgres user when we are root (initdb refuses root). */
const privatePostgres = async (dir: string) => {
  const bin = pgBin();
  const port = await freePort();
  const data = path.join(dir, 'pgdata');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    fs.chownSync(dir, uid, gid);
  }
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
  // Not spawnSync: the soak's own server and clients go on while PostgreSQL stops and starts.
  const run = (program: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(...command(program, args), { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} ${args.join(' ')} failed: ${out}`))));
    });
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '--no-instructions']);
  // fsync off: a stop, even an immediate one, loses nothing the operating system has; only a machine crash would.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'postgres.log'), '-o', options, '-w', 'start']);
  const stop = (mode: 'fast' | 'immediate') => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  await start();
  // A soak that fails half-way must not leave its database running.
  const onExit = () => spawnSync(...command('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']));
  process.once('exit', onExit);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: () => {
      process.off('exit', onExit);
      onExit();
    },
  };
};

/** The product as `WEB_PROCESSES=2 npm start` runs it, compiled from this checkout, its log in `dir`. */
const supervisedServer = async (dir: string, env: Record<string, string>) => {
  const outdir = path.join('dist', `server-soak-${process.pid}`);
  await buildServer(outdir);
  const port = await freePort();
  const log = fs.openSync(path.join(dir, 'server.log'), 'a');
  const proc: ChildProcess = spawn(process.execPath, ['--enable-source-maps', path.join(root, outdir, 'main.mjs')], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'info', WEB_PROCESSES: '2', PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  const onExit = () => {
    proc.kill('SIGKILL');
    fs.rmSync(path.join(root, outdir), { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const url = `http://127.0.0.1:${port}`;
  const pids = (role: 'web' | 'worker') => supervisedChildren(proc.pid!).filter((c) => c.role === role).map((c) => c.pid);
  const workersStarted = () => fs.readFileSync(path.join(dir, 'server.log'), 'utf8').split('"msg":"worker started"').length - 1;
  const ready = () => fetch(`${url}/readyz`).then((r) => r.ok, () => false);
  for (const deadline = Date.now() + 180_000; !(await ready()) || pids('web').length < 2; await sleep(250)) {
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`the supervised server did not start; see ${path.join(dir, 'server.log')}`);
  }
  return {
    url,
    pids,
    workersStarted,
    ready,
    stop: async () => {
      process.off('exit', onExit);
      const exited = new Promise<number | null>((resolve) => (proc.exitCode !== null ? resolve(proc.exitCode) : proc.once('exit', (code) => resolve(code))));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      fs.closeSync(log);
      onExit();
      return code;
    },
  };
};

interface Fault {
  name: string;
  /** Fraction of the run at which it strikes. */
  at: number;
  strike: () => Promise<void>;
  recovered: () => Promise<boolean>;
}

export interface FaultMode {
  /** The private database: the soak's own runtime migrates it and the supervised server uses it. */
  databaseUrl: string;
  /**
   * Starts the supervised server with the soak's environment; its URL. `local` is the soak's own
   * runtime, through which checkouts a fault interrupted are delivered again.
   */
  serve: (env: Record<string, string>, local: Runtime) => Promise<string>;
  /** Strikes the faults at their moments of [start, until], each waited for until recovered. */
  run: (start: number, until: number) => Promise<void>;
  /**
   * After the load: waits for the last fault's window to end, then does what the outside world and
   * the worker's minute sweep would do later: delivers interrupted checkouts again and completes
   * credit transfers whose second half a fault left out.
   */
  settle: () => Promise<void>;
  /** A request that went wrong now: counted apart and true when a fault explains it. */
  excused: (what: string, status: number) => boolean;
  /**
   * Runs a soak worker to `until`, starting it again (its attempt numbered from 0, so it can take
   * other idempotency keys) after a failure a fault explains; bounded in time even if a request
   * never returns.
   */
  keepGoing: (work: (attempt: number) => Promise<void>, until: number) => Promise<void>;
  /** Prints the fault figures; true when every fault struck and recovered in time. */
  report: (prefix: string) => boolean;
  /** Stops the server and the database; keeps their logs and data when the soak failed. */
  stop: (failed: boolean) => Promise<void>;
}

export const startFaultMode = async (): Promise<FaultMode> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grc-soak-faults-'));
  const database = await privatePostgres(dir);
  let server: Awaited<ReturnType<typeof supervisedServer>> | undefined;
  let local: Runtime | undefined;
  const windows: { fault: string; from: number; to: number; lastFailure?: number }[] = [];
  const results: { name: string; recoveryMs?: number }[] = [];
  const excusedBy = new Map<string, number>();
  let hung = 0;

  /** Counts a failure under the fault whose window it falls in; false when none does. */
  const excuse = (what: string): boolean => {
    const now = Date.now();
    // The latest fault that covers now: a fault strikes as soon as the previous one has recovered.
    const window = [...windows].reverse().find((w) => now >= w.from && now <= w.to);
    if (!window) return false;
    window.lastFailure = now;
    const key = `${window.fault}: ${what}`;
    excusedBy.set(key, (excusedBy.get(key) ?? 0) + 1);
    return true;
  };
  /**
   * Stripe delivers a webhook again until it is answered; the simulated checkout delivers its
   * completion once, when Pay is pressed, so a fault at that moment leaves a charge on the simulated
   * balance without its payment (and the next payout waiting for it). As Stripe would, the soak
   * delivers again: it reconciles every paid session, which records each payment once.
   */
  const redeliver = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        const sessions: string[] = await local!.deps.db('simulated_checkout_sessions').where({ payment_status: 'paid' }).pluck('id');
        for (const id of sessions) await local!.services.payments.reconcile(id);
        return;
      } catch (err) {
        if (attempt === 5) throw err;
        await sleep(1000);
      }
    }
  };
  const restartDatabase = (mode: 'fast' | 'immediate') => async () => {
    await database.stop(mode);
    await sleep(DATABASE_DOWN_MS);
    await database.start();
  };
  const killOne = (role: 'web' | 'worker') => {
    let victim: number | undefined;
    let startedBefore = 0;
    return {
      strike: async () => {
        [victim] = server!.pids(role);
        startedBefore = server!.workersStarted();
        process.kill(victim!, 'SIGKILL');
      },
      recovered: async () => {
        const pids = server!.pids(role);
        const replaced = pids.length === (role === 'web' ? 2 : 1) && !pids.includes(victim!);
        return replaced && (role === 'web' || server!.workersStarted() > startedBefore) && (await server!.ready());
      },
    };
  };
  const faults: Fault[] = [
    { name: 'web_process_killed', at: 0.1, ...killOne('web') },
    { name: 'worker_killed', at: 0.3, ...killOne('worker') },
    { name: 'database_fast_restart', at: 0.5, strike: restartDatabase('fast'), recovered: () => server!.ready() },
    { name: 'database_immediate_restart', at: 0.7, strike: restartDatabase('immediate'), recovered: () => server!.ready() },
  ];

  return {
    databaseUrl: database.url,
    serve: async (env, runtime) => {
      local = runtime;
      server = await supervisedServer(dir, env);
      return server.url;
    },
    run: async (start, until) => {
      for (const fault of faults) {
        await sleep(start + fault.at * (until - start) - Date.now());
        const window = { fault: fault.name, from: Date.now(), to: Infinity };
        windows.push(window);
        await fault.strike();
        let recoveryMs: number | undefined;
        while (Date.now() - window.from < RECOVERY_TIMEOUT_MS) {
          if (await fault.recovered()) {
            recoveryMs = Date.now() - window.from;
            break;
          }
          await sleep(100);
        }
        results.push({ name: fault.name, recoveryMs });
        // Unrecovered: no further fault, and the requests that fail from now on are errors.
        if (recoveryMs === undefined) {
          window.to = Date.now();
          break;
        }
        await redeliver();
        window.to = Date.now() + WINDOW_GRACE_MS;
        // Pays that failed in the grace after the recovery are delivered again before a payout can
        // need them (after the last fault, settle does it).
        if (fault === faults.at(-1)) break;
        await sleep(window.to - Date.now());
        await redeliver();
      }
    },
    settle: async () => {
      await sleep(Math.max(0, ...windows.map((w) => w.to)) - Date.now());
      await redeliver();
      await local!.services.billing.credit.sweep(0);
    },
    excused: (what, status) => excuse(`${what} ${status}`),
    keepGoing: async (work, until) => {
      // A connection node's cluster hands to a web process as it is killed is never answered (nor
      // closed): past the end of the run and a grace, such a worker is given up and counted.
      const giveUp = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), until - Date.now() + 60_000).unref());
      const attempts = (async () => {
        for (let attempt = 0; Date.now() < until; attempt++) {
          try {
            await work(attempt);
          } catch (err) {
            if (!excuse(`soak worker restarted after ${(err as Error).message.slice(0, 80)}`)) throw err;
            await sleep(500);
          }
        }
        return 'done' as const;
      })();
      if ((await Promise.race([attempts, giveUp])) === 'hung') {
        hung++;
        attempts.catch(() => undefined);
      }
    },
    report: (prefix) => {
      for (const f of faults) {
        const result = results.find((r) => r.name === f.name);
        figure(prefix, `soak_fault_${f.name}_recovery`, result?.recoveryMs ?? -1, 'ms');
        // From the fault to the last request it made go wrong.
        const window = windows.find((w) => w.fault === f.name);
        figure(prefix, `soak_fault_${f.name}_disruption`, window?.lastFailure ? window.lastFailure - window.from : 0, 'ms');
      }
      figure(prefix, 'soak_fault_window_failures', [...excusedBy.values()].reduce((a, b) => a + b, 0), 'requests');
      figure(prefix, 'soak_fault_hung_workers', hung, 'workers');
      for (const [what, n] of [...excusedBy].sort()) console.error(`during ${what} × ${n}`);
      const unrecovered = faults.filter((f) => results.find((r) => r.name === f.name)?.recoveryMs === undefined);
      for (const f of unrecovered) console.error(`fault not recovered within ${RECOVERY_TIMEOUT_MS} ms (or not struck): ${f.name}; see ${dir}`);
      return unrecovered.length === 0;
    },
    stop: async (failed) => {
      const code = await server?.stop();
      if (code !== 0 && code !== undefined) console.error(`the supervised server exited with ${code} at the end`);
      database.destroy();
      if (failed || code !== 0) console.error(`server log, database log and data kept in ${dir}`);
      else fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};
