import { pino, type Logger } from 'pino';
import type { Config } from './config';

export const createLogger = (config: Pick<Config, 'env'>): Logger =>
  pino({
    level: process.env.LOG_LEVEL ?? (config.env === 'test' ? 'silent' : 'info'),
    redact: { paths: ['password', '*.password', '*.new_password', '*.old_password'], censor: '[redacted]' },
  });
