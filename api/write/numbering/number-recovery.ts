import type { Logger } from 'pino';
import { startPeriodic } from '../../platform/background/periodic';
import type { DocumentNumbers } from './document-numbers';

const MINUTE_MS = 60_000;

/**
 * Background work (worker or ROLE=all) on EventStoreDB: completes document-number reservations
 * whose process died between reserving and appending. Several workers may run it: a completion
 * re-appends the same event ids (idempotent) and a give-back locks its row.
 */
export const startNumberRecovery = (numbers: DocumentNumbers, logger: Logger, intervalMs = MINUTE_MS): { stop: () => void } => {
  const run = () => void numbers.recover().catch((err: unknown) => logger.warn({ err }, 'document number recovery failed'));
  return startPeriodic(run, intervalMs);
};
