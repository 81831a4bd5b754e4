import { TOKEN_AREAS, type TokenArea, type TokenScope } from '../../../../domain/auth/api-token';
import type { BadgeTone } from '../../shared/billing-badges';
import type { ApiTokenFieldsFragment, ApiTokenInput } from '../../gql/graphql';

export type ApiTokenView = ApiTokenFieldsFragment;
export { TOKEN_AREAS, type TokenArea, type TokenScope };

/** Whether a token still opens the API: revoked wins over expired (a revoked token is revoked for good). */
export type TokenStatus = 'live' | 'revoked' | 'expired';

export const tokenStatus = (token: Pick<ApiTokenView, 'revokedAt' | 'expiresAt'>, now: Date): TokenStatus => {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'live';
};

export const tokenStatusTone = (status: TokenStatus): BadgeTone => (status === 'live' ? 'success' : status === 'expired' ? 'warning' : 'default');

/** The secret's first characters as the list shows them: `grcb_abcd…`, plainly not the whole secret. */
export const prefixShown = (prefix: string): string => `${prefix}…`;

/**
 * The areas chosen after a click: ticking All unticks the others (All already holds them), and
 * ticking billing or accounting while All is ticked unticks All. Kept in the order of TOKEN_AREAS.
 */
export const areasAfterChange = (before: readonly TokenArea[], after: readonly TokenArea[]): TokenArea[] => {
  const added = after.filter((a) => !before.includes(a));
  const chosen = added.includes('all') ? ['all'] : after.includes('all') && added.length > 0 ? after.filter((a) => a !== 'all') : after;
  return TOKEN_AREAS.filter((a) => chosen.includes(a));
};

/** What the new-token form holds. */
export interface ApiTokenFormValues {
  name: string;
  scope: TokenScope;
  areas: TokenArea[];
  /** 'YYYY-MM-DD' (the token works to the end of that day, UTC), or none: it never expires. */
  expiresAt?: string | null;
}

export const NEW_TOKEN_VALUES: ApiTokenFormValues = { name: '', scope: 'read', areas: [], expiresAt: null };

export const tokenInput = (values: ApiTokenFormValues): ApiTokenInput => ({
  name: values.name.trim(),
  scope: values.scope,
  areas: values.areas,
  ...(values.expiresAt ? { expiresAt: values.expiresAt } : {}),
});

/** The form's field for a path of the server's field errors (it names the expiry `expires_at`). */
export const tokenFieldOf = (path: string): string => {
  const field = path.replace(/^input\./, '').split('.')[0]!;
  return field === 'expires_at' ? 'expiresAt' : field;
};

/**
 * Whether a token not revoked (live or expired) already has this name: the server refuses a second
 * one, since the history names a token's writes by it. Names are compared without case.
 */
export const nameTaken = (tokens: readonly ApiTokenView[], name: string): boolean => {
  const wanted = name.trim().toLowerCase();
  return wanted !== '' && tokens.some((t) => !t.revokedAt && t.name.toLowerCase() === wanted);
};

/**
 * A token's expiry as the list writes it: one chosen as a day ends at that day's last millisecond
 * in UTC, which is that day, not the next morning of a later time zone; any other instant (given
 * through the API) is written in the reader's time with its hour.
 */
export const expiryShown = (expiresAt: string): { day: string } | { instant: string } =>
  /^\d{4}-\d{2}-\d{2}T23:59:59(\.999)?Z$/.test(expiresAt) ? { day: expiresAt.slice(0, 10) } : { instant: expiresAt };
