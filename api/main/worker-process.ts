import type { Config } from '../platform/config';
import { startCore } from './runtime';
import { stopOnSignal } from '../platform/stop-on-signal';

/**
 * A worker process: projections, reactors, mail delivery, recurring invoices and payment
 * reminders, no HTTP (`npm run worker`, and the worker that WEB_PROCESSES's supervisor forks).
 * Any number may run: advisory locks give each projection one active runner at a time.
 * `onReady` is called once it has migrated and its background work runs.
 */
export const runWorker = async (config: Config, onReady?: () => void): Promise<void> => {
  const core = await startCore({ ...config, role: 'worker' });
  core.deps.logger.info({ database: config.databaseUrl ? 'postgresql' : `pglite:${config.dataDir}` }, 'worker started');
  stopOnSignal(core.deps.logger, core.stop);
  onReady?.();
};
