import 'reflect-metadata';
import { loadConfig } from './config';
import { startCore } from './runtime';

// `npm run worker`: projections, reactors, mail delivery, recurring invoices and payment reminders, no HTTP.
// Any number may run: advisory locks give each projection one active runner at a time.
const config = { ...loadConfig(), role: 'worker' as const };
const core = await startCore(config);
core.deps.logger.info({ database: config.databaseUrl ? 'postgresql' : `pglite:${config.dataDir}` }, 'worker started');

const shutdown = (signal: string) => {
  core.deps.logger.info({ signal }, 'worker shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  core.stop().then(
    () => process.exit(0),
    (err) => {
      core.deps.logger.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
