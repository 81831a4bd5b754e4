import 'reflect-metadata';
import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { loadConfig } from './config';
import { nextRestartDelay } from './restart-backoff';
import { startCore, startRuntime } from './runtime';

const config = loadConfig();

/** Stops on SIGTERM/SIGINT, at most 10 s, then exits. */
const stopOnSignal = (logger: Logger, stop: () => Promise<void>) => {
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stop().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
};

if (config.webProcesses > 0 && cluster.isPrimary) {
  // WEB_PROCESSES: this process is the worker (it migrates before any web process starts), and
  // forks the web processes, which share the port (node's cluster hands each new connection to the
  // next one) and hear its projection progress for read-your-writes.
  const core = await startCore({ ...config, role: 'worker' });
  const { logger } = core.deps;
  let stopping = false;
  const started = new Map<number, number>();
  const fork = () => started.set(cluster.fork({ ROLE: 'web', WEB_PROCESSES: '0' }).id, Date.now());
  let restartDelay = 0;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    restartDelay = nextRestartDelay(restartDelay, Date.now() - (started.get(worker.id) ?? 0));
    started.delete(worker.id);
    logger.error({ pid: worker.process.pid, code, signal, restartInMs: restartDelay }, 'a web process exited; starting another');
    setTimeout(() => stopping || fork(), restartDelay);
  });
  // Said once a web process is listening, as a single process says it once it is.
  cluster.once('listening', () => logger.info({ port: config.port, webProcesses: config.webProcesses, database: 'postgresql' }, `serving on http://localhost:${config.port}`));
  for (let i = 0; i < config.webProcesses; i++) fork();
  stopOnSignal(logger, async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await core.stop();
  });
} else {
  const runtime = await startRuntime(config);
  runtime.deps.logger.info(
    { port: config.port, role: config.role, database: config.databaseUrl ? 'postgresql' : `pglite:${config.dataDir}` },
    `serving on http://localhost:${config.port}`,
  );
  stopOnSignal(runtime.deps.logger, runtime.stop);
}
