import 'reflect-metadata';
import cluster from 'node:cluster';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logger';
import { stopOnSignal } from '../platform/stop-on-signal';
import { supervise, WORKER_READY } from './supervisor';

const config = loadConfig();

// The application is loaded only where it runs: the supervisor of WEB_PROCESSES stays small.
if (config.webProcesses > 0 && cluster.isPrimary) {
  supervise(config, createLogger(config));
} else if (cluster.isWorker && config.role === 'worker') {
  const { runWorker } = await import('./worker-process');
  await runWorker(config, () => process.send?.(WORKER_READY));
} else {
  const { startRuntime } = await import('./runtime');
  const runtime = await startRuntime(config);
  runtime.deps.logger.info(
    { port: config.port, role: config.role, database: config.databaseUrl ? 'postgresql' : `pglite:${config.dataDir}` },
    `serving on http://localhost:${config.port}`,
  );
  stopOnSignal(runtime.deps.logger, runtime.stop);
}
