import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../platform/config';
import { nextRestartDelay } from '../platform/restart-backoff';

/** What the supervised worker process sends once it has migrated and its background work runs. */
export const WORKER_READY = 'worker-ready';

export type SupervisedRole = 'worker' | 'web';

/** Past this, processes still running at a stop are killed (each gives itself 10 s; web processes stop first). */
const STOP_TIMEOUT_MS = 25_000;

/**
 * WEB_PROCESSES: the process `npm start` runs only supervises (no database, no requests handled,
 * so it has nothing to crash on). It forks the worker (background work; it migrates first) and,
 * once that worker is ready, the web processes, which share the port (node's cluster hands each new
 * connection to the next one) and hear the worker's projection progress. Any child that dies is
 * replaced: at once after a healthy run, else after the back-off of api/platform/restart-backoff.ts, kept
 * per role so a crash-looping worker does not slow the replacement of a web process. A dead worker
 * leaves the web processes serving: reads answer, and writes wait (bounded) for its replacement's
 * read models. A worker that dies before it was ever ready ends the start (a wrong DATABASE_URL, a
 * failing migration), as a single process would. On SIGTERM or SIGINT the web processes stop first
 * (their requests finish, writes waiting for read models included), then the worker; the exit code
 * is 0 when every child stopped cleanly.
 */
export const supervise = (config: Config, logger: Logger): void => {
  const children = new Map<number, { role: SupervisedRole; startedAt: number }>();
  const delays: Record<SupervisedRole, number> = { worker: 0, web: 0 };
  const restarts = new Set<NodeJS.Timeout>();
  let workerWasReady = false;
  let stopping = false;

  const fork = (role: SupervisedRole) => {
    const child = cluster.fork({ ROLE: role, WEB_PROCESSES: '0' });
    children.set(child.id, { role, startedAt: Date.now() });
    logger.info({ childPid: child.process.pid, role }, `started a ${role} process`);
  };

  cluster.on('message', (child, message) => {
    if (message !== WORKER_READY || workerWasReady || children.get(child.id)?.role !== 'worker') return;
    workerWasReady = true;
    for (let i = 0; i < config.webProcesses; i++) fork('web');
  });

  cluster.on('exit', (child, code, signal) => {
    const entry = children.get(child.id);
    children.delete(child.id);
    if (stopping || !entry) return;
    if (entry.role === 'worker' && !workerWasReady) {
      logger.error({ childPid: child.process.pid, code, signal }, 'the worker process exited before it was ready; stopping');
      process.exit(1);
    }
    const delay = (delays[entry.role] = nextRestartDelay(delays[entry.role], Date.now() - entry.startedAt));
    logger.error({ childPid: child.process.pid, role: entry.role, code, signal, restartInMs: delay }, `a ${entry.role} process exited; starting another`);
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!stopping) fork(entry.role);
    }, delay);
    restarts.add(timer);
  });

  // Said once a web process is listening, as a single process says it once it is.
  cluster.once('listening', () => logger.info({ port: config.port, webProcesses: config.webProcesses, database: 'postgresql' }, `serving on http://localhost:${config.port}`));

  const live = (role: SupervisedRole): Worker[] =>
    Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead() && children.get(w.id)?.role === role);
  /**
   * Sends SIGTERM and resolves with whether each stopped cleanly: exit code 0, or ended by that
   * SIGTERM itself, which only a process still starting (its handler not yet set) leaves unhandled.
   */
  const stop = (workers: Worker[]) =>
    Promise.all(
      workers.map(
        (w) =>
          new Promise<boolean>((resolve) => {
            w.once('exit', (code, signal) => resolve(code === 0 || signal === 'SIGTERM'));
            w.process.kill('SIGTERM');
          }),
      ),
    );
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const timer of restarts) clearTimeout(timer);
    const force = setTimeout(() => {
      logger.error('processes still running at the stop timeout; killing them');
      for (const role of ['web', 'worker'] as const) for (const w of live(role)) w.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    force.unref();
    const clean = [...(await stop(live('web'))), ...(await stop(live('worker')))];
    process.exit(clean.every(Boolean) ? 0 : 1);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  fork('worker');
};
