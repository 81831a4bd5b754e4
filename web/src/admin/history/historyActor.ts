type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Who acts without a user: their names are translated. */
const SYSTEM_ACTORS = new Set(['system', 'scheduler', 'stripe']);

/** The actor a write made with an API token is recorded as: `token:<id>`. */
const TOKEN_ACTOR = 'token:';

/**
 * "Who" in a history entry, in the screen's language: the system, the scheduler or Stripe by their
 * translated names, a write made with an API token as "API token “name”" (the server resolves the
 * token's name into `actorName`), and a user by their username.
 */
export const actorText = (entry: { actor: string; actorName: string }, t: Translate): string => {
  if (entry.actor.startsWith(TOKEN_ACTOR)) return t('admin.history.actors.token', { name: entry.actorName });
  if (SYSTEM_ACTORS.has(entry.actor)) return t(`admin.history.actors.${entry.actor}`);
  return entry.actorName;
};
