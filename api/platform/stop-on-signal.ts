import type { Logger } from 'pino';

/** Stops on SIGTERM/SIGINT, at most 10 s, then exits (0 when the stop succeeded). */
export const stopOnSignal = (logger: Logger, stop: () => Promise<void>): void => {
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
