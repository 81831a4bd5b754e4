import type { Config } from '../platform/config';
import { dataDirSecret } from './data-dir-secret';

export const SESSION_SECRET_FILE = 'session-secret.key';

/**
 * What signs session cookies: SESSION_SECRET, else (outside production, which requires it) a key
 * kept in DATA_DIR. Every process on this machine then signs alike, the web processes of
 * WEB_PROCESSES and `ROLE=web` instances sharing DATA_DIR, so a session cookie from one is good in
 * every other, and sessions survive a restart. Instances on several machines share SESSION_SECRET.
 */
export const sessionSecretOf = (config: Pick<Config, 'sessionSecret' | 'dataDir'>): string =>
  config.sessionSecret ?? dataDirSecret(config.dataDir, SESSION_SECRET_FILE);
