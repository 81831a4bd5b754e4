import 'reflect-metadata';
import { loadConfig } from './config';
import { startRuntime } from './runtime';

const config = loadConfig();
const runtime = await startRuntime(config);
runtime.deps.logger.info(
  { port: config.port, database: config.databaseUrl ? 'postgresql' : `pglite:${config.dataDir}` },
  `serving on http://localhost:${config.port}`,
);

const shutdown = (signal: string) => {
  runtime.deps.logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  runtime.stop().then(
    () => process.exit(0),
    (err) => {
      runtime.deps.logger.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
