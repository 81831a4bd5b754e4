import { createHash, randomBytes, randomUUID } from 'node:crypto';
import DataLoader from 'dataloader';
import type { Knex } from 'knex';
import { ALL_TABLE_VERSIONS_SQL, tableVersionsOf } from '../../platform/db/table-versions';
import type { TableVersions } from '../../platform/db/table-version-map';
import { markSecretAnswer, rememberTableVersions } from '../../platform/http/request-context';
import type { RateLimits } from '../../platform/deps';
import { TokenBudget } from './token-budget';
import { TOKEN_AREAS, TOKEN_PATTERN, TOKEN_PREFIX, TOKEN_SCOPES, type TokenArea, type TokenScope } from '../../../domain/auth/api-token';
import { NotFoundError, ValidationError, type FieldErrors } from '../../../domain/shared/errors';
import { textErrors } from '../../../domain/shared/text';
import { isIsoDate } from '../../../domain/shared/dates';
import { writeAudit } from '../../platform/audit';
import type { User } from '../../platform/user';
import { toIso } from '../../platform/wire';

/** A token as listed (never its secret: only its first characters, to tell tokens apart). */
export interface ApiToken {
  id: string;
  name: string;
  scope: TokenScope;
  areas: TokenArea[];
  /** `grcb_` and the secret's first 4 characters. */
  prefix: string;
  createdAt: string;
  createdBy: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface NewApiToken {
  name: string;
  scope: string;
  areas: readonly string[];
  /** An ISO instant or day (then its end, 23:59:59.999 UTC); absent: never expires. */
  expiresAt?: string | null;
}

/** The signed-in principal of a request made with a token: the superuser who made it, limited to the token's grant. */
export interface TokenPrincipal {
  id: string;
  name: string;
  scope: TokenScope;
  areas: TokenArea[];
}

interface Row {
  id: string;
  name: string;
  scope: TokenScope;
  areas: string;
  prefix: string;
  created_at: Date | string;
  created_by: string;
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const NOT_FOUND = 'API token not found.';
const MAX_NAME = 100;
/** Names may be reused once a token is revoked; two live tokens never share one (the audit history names writes by it). */
const NAME_TAKEN = 'A live API token already has this name.';
/** A token's last use is written at most this often per process: a busy integration does not write on every request. */
const LAST_USED_EVERY_MS = 60_000;

/** SHA-256 of the secret: the secret has 256 random bits, so a fast hash stored alone reveals nothing usable. */
export const tokenHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** The one text a request with a bad token gets, whether it never existed, was revoked or expired. */
export const INVALID_TOKEN = 'Invalid token.';

/** An actor recorded for a write made with a token (events, audit): the history names it by the token's name. */
export const tokenActor = (tokenId: string): string => `token:${tokenId}`;
export const tokenIdOfActor = (actor: string): string | null => (actor.startsWith('token:') ? actor.slice('token:'.length) : null);

/**
 * For a query over rows with an `actor` column (`alias.actor`): the joins that name it, the user's
 * username or the API token's name, as `actor_name` (null for the system's actors).
 */
export const ACTOR_NAME_JOINS = (alias: string): string =>
  `left join users as actor_user on actor_user.id::text = ${alias}.actor left join api_tokens as actor_token on 'token:' || actor_token.id::text = ${alias}.actor`;
export const ACTOR_NAME = 'coalesce(actor_user.username, actor_token.name)';

const view = (r: Row): ApiToken => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  areas: JSON.parse(r.areas) as TokenArea[],
  prefix: r.prefix,
  createdAt: toIso(r.created_at),
  createdBy: r.created_by,
  expiresAt: r.expires_at === null ? null : toIso(r.expires_at),
  lastUsedAt: r.last_used_at === null ? null : toIso(r.last_used_at),
  revokedAt: r.revoked_at === null ? null : toIso(r.revoked_at),
});

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** API tokens of the superuser: made, listed and revoked here; every request with one is authenticated here. */
export class ApiTokenService {
  private readonly lastUsedWritten = new Map<string, number>();
  private readonly budget: TokenBudget;

  constructor(
    private readonly db: Knex,
    private readonly clock: () => Date,
    limits: Pick<RateLimits, 'apiTokenRequests' | 'windowMs'>,
  ) {
    this.budget = new TokenBudget(db, () => limits.apiTokenRequests, () => limits.windowMs, clock);
  }

  /** Counts a request of this token against its budget: the seconds to wait when it is spent, else null. */
  spend(tokenId: string): number | null {
    return this.budget.spend(tokenId);
  }

  /**
   * The live tokens among `hashes`, with the table versions of this moment (read-only requests use
   * them to validate cached reads, as a session's request does): one query for every request that
   * arrived in the same turn of the event loop.
   */
  private readonly live = new DataLoader<string, (Pick<Row, 'id' | 'name' | 'scope' | 'areas'> & { versions: TableVersions | string }) | undefined>(
    async (hashes) => {
      const { rows } = (await this.db
        .raw(
          `select t.token_hash, t.id, t.name, t.scope, t.areas, ${ALL_TABLE_VERSIONS_SQL} as versions
             from api_tokens t
            where t.token_hash = any(?::text[]) and t.revoked_at is null and (t.expires_at is null or t.expires_at > ?)`,
          [[...hashes], this.clock()],
        )
        .options({ name: 'live_api_tokens' })) as { rows: Array<Pick<Row, 'id' | 'name' | 'scope' | 'areas'> & { token_hash: string; versions: TableVersions | string }> };
      const byHash = new Map(rows.map((r) => [r.token_hash, r]));
      return hashes.map((h) => byHash.get(h));
    },
    { cache: false, maxBatchSize: 200, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );

  /** Checks a new token's fields: a 400 naming each wrong one. */
  private parse(input: NewApiToken): { name: string; scope: TokenScope; areas: TokenArea[]; expiresAt: Date | null } {
    const errors: FieldErrors = { ...textErrors({ name: input.name }, 'single') };
    const name = (input.name ?? '').trim();
    if (!name) errors.name = ['This field may not be blank.'];
    else if (name.length > MAX_NAME) errors.name = [`Ensure this field has no more than ${MAX_NAME} characters.`];
    if (!(TOKEN_SCOPES as readonly string[]).includes(input.scope)) errors.scope = [`"${input.scope}" is not a valid choice: use ${TOKEN_SCOPES.join(' or ')}.`];
    const unknown = (input.areas ?? []).filter((a) => !(TOKEN_AREAS as readonly string[]).includes(a));
    if (!input.areas?.length) errors.areas = [`Choose at least one area: ${TOKEN_AREAS.join(', ')}.`];
    else if (unknown.length) errors.areas = [`${unknown.map((a) => `"${a}"`).join(', ')} is not a valid choice: use ${TOKEN_AREAS.join(', ')}.`];
    let expiresAt: Date | null = null;
    if (input.expiresAt) {
      // An instant or a calendar day: isIsoDate refuses 2026-02-30, which Date would read as 2 March.
      const text: string = input.expiresAt;
      const day = text.slice(0, 10);
      const when = !isIsoDate(day) ? null : text === day ? new Date(`${day}T23:59:59.999Z`) : INSTANT.test(text) ? new Date(text) : null;
      if (!when || Number.isNaN(when.getTime())) errors.expires_at = ['Enter a date (YYYY-MM-DD) or a date and time (ISO 8601).'];
      else if (when.getTime() <= this.clock().getTime()) errors.expires_at = ['The expiry must be in the future.'];
      else expiresAt = when;
    }
    if (Object.keys(errors).length) throw new ValidationError('Please correct the errors below.', errors);
    const areas = input.areas.includes('all') ? (['all'] as TokenArea[]) : ([...new Set(input.areas)].sort() as TokenArea[]);
    return { name, scope: input.scope as TokenScope, areas, expiresAt };
  }

  /** Makes a token: its secret is in the answer only, once; the database keeps its hash. */
  async create(input: NewApiToken, actor: string): Promise<ApiToken & { token: string }> {
    markSecretAnswer(); // the answer is shown once: an Idempotency-Key never keeps it
    const fields = this.parse(input);
    const secret = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const nameTaken = () => new ValidationError('Please correct the errors below.', { name: [NAME_TAKEN] });
    const row = await this.db.transaction(async (trx) => {
      const taken = await trx('api_tokens').whereNull('revoked_at').whereRaw('lower(name) = lower(?)', [fields.name]).first('id');
      if (taken) throw nameTaken();
      const [created] = (await trx('api_tokens')
        .insert({
          id: randomUUID(),
          name: fields.name,
          scope: fields.scope,
          areas: JSON.stringify(fields.areas),
          token_hash: tokenHash(secret),
          prefix: secret.slice(0, TOKEN_PREFIX.length + 4),
          created_at: this.clock(),
          created_by: actor,
          expires_at: fields.expiresAt,
        })
        .returning('*')) as Row[];
      const listed = view(created!);
      await writeAudit(trx, { actor, entity: 'api_token', entityId: listed.id, action: 'create', before: null, after: { name: listed.name, scope: listed.scope, areas: listed.areas, expires_at: listed.expiresAt }, at: this.clock() });
      return listed;
    }).catch((err: unknown) => {
      // Another request made a token of this name meanwhile.
      if ((err as { code?: string }).code === '23505' && String((err as { constraint?: string; message?: string }).constraint ?? (err as Error).message).includes('api_tokens_live_name')) throw nameTaken();
      throw err;
    });
    return { ...row, token: secret };
  }

  /** Every token, live ones first, newest first. */
  async list(): Promise<ApiToken[]> {
    const rows = (await this.db('api_tokens').orderByRaw('revoked_at is not null, created_at desc, id')) as Row[];
    return rows.map(view);
  }

  async get(id: string): Promise<ApiToken> {
    const row = (await this.db('api_tokens').where({ id }).first()) as Row | undefined;
    if (!row) throw new NotFoundError(NOT_FOUND);
    return view(row);
  }

  /** Revokes a token at once: its next request is a 401. Revoking a revoked one changes nothing. */
  async revoke(id: string, actor: string): Promise<ApiToken> {
    return this.db.transaction(async (trx) => {
      const row = (await trx('api_tokens').where({ id }).forUpdate().first()) as Row | undefined;
      if (!row) throw new NotFoundError(NOT_FOUND);
      if (row.revoked_at !== null) return view(row);
      const [revoked] = (await trx('api_tokens').where({ id }).update({ revoked_at: this.clock(), revoked_by: actor }).returning('*')) as Row[];
      await writeAudit(trx, { actor, entity: 'api_token', entityId: id, action: 'update', before: { revoked_at: null }, after: { revoked_at: toIso(revoked!.revoked_at) }, at: this.clock() });
      return view(revoked!);
    });
  }

  /**
   * The principal of a request presenting `secret`, or null (malformed, unknown, revoked or expired:
   * the caller answers all of them alike). Records the token's last use, at most once a minute.
   */
  async authenticate(secret: string): Promise<{ principal: TokenPrincipal; user: User } | null> {
    if (!TOKEN_PATTERN.test(secret)) return null;
    const now = this.clock();
    const row = await this.live.load(tokenHash(secret));
    if (!row) return null;
    rememberTableVersions(tableVersionsOf(row.versions));
    const last = this.lastUsedWritten.get(row.id) ?? 0;
    if (now.getTime() - last >= LAST_USED_EVERY_MS) {
      this.lastUsedWritten.set(row.id, now.getTime());
      await this.db('api_tokens').where({ id: row.id }).update({ last_used_at: now });
    }
    const principal: TokenPrincipal = { id: row.id, name: row.name, scope: row.scope, areas: JSON.parse(row.areas) as TokenArea[] };
    // A superuser limited by the token's grant (checked per request by api/auth/api-tokens/bearer.ts).
    const user: User = {
      id: tokenActor(row.id),
      username: row.name,
      email: null,
      is_superuser: true,
      client_id: null,
      language: 'en',
      two_factor_enabled: true,
      password_change_required: false,
    };
    return { principal, user };
  }

  /** The names of these tokens (for history views), by id. */
  async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = (await this.db('api_tokens').whereIn('id', [...ids]).select('id', 'name')) as Array<{ id: string; name: string }>;
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
