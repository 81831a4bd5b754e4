import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

/**
 * Human-readable lines for a developer at a terminal; JSON lines everywhere else (production, tests,
 * a pipe to a log shipper). `LOG_FORMAT=json` or `pretty` overrides the guess.
 */
export const wantsPrettyLogs = (env: Config['env'], stdoutIsTerminal: boolean, logFormat: string | undefined): boolean => {
  if (logFormat === 'json') return false;
  if (logFormat === 'pretty') return true;
  return env === 'development' && stdoutIsTerminal;
};

export interface LoggerOptions {
  /** Where lines go (stdout by default); tests pass their own. */
  destination?: DestinationStream | NodeJS.WritableStream;
  pretty?: boolean;
}

export const createLogger = (config: Pick<Config, 'env'>, options: LoggerOptions = {}): Logger => {
  const settings = {
    level: process.env.LOG_LEVEL ?? (config.env === 'test' ? 'silent' : 'info'),
    redact: { paths: ['password', '*.password', '*.new_password', '*.old_password'], censor: '[redacted]' },
  };
  const usePretty = options.pretty ?? wantsPrettyLogs(config.env, Boolean(process.stdout.isTTY), process.env.LOG_FORMAT);
  // pino-pretty, the pino transport for terminals, used in-process: a dev server's lines stay in order with its crashes.
  if (usePretty) return pino(settings, pretty({ colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', destination: options.destination ?? 1, sync: true }));
  return options.destination ? pino(settings, options.destination as DestinationStream) : pino(settings);
};
