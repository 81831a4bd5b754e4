import { ApiError } from '../api/http';
import { formatWait } from '../common/formatWait';
import { currentLanguage } from '../i18n';

/**
 * For a try the server throttled (429: too many wrong passwords or codes), the wait it named in
 * the reader's language ("2 minutes"), or null when it named none; undefined for any other error.
 */
export const throttledWait = (err: unknown): string | null | undefined => {
  if (!(err instanceof ApiError) || err.status !== 429) return undefined;
  return err.retryAfterSeconds ? formatWait(err.retryAfterSeconds, currentLanguage()) : null;
};
