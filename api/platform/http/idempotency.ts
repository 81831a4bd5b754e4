import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { ConflictError } from '../../../domain/shared/errors';
import { startPeriodic } from '../background/periodic';
import { appendedInRequest, secretAnswerInRequest } from './request-context';

/**
 * Idempotency keys (Stripe's model) for every POST of a signed-in user, REST and GraphQL alike: a
 * request with `Idempotency-Key: <key>` claims the key for its user, and its answer is stored with
 * a fingerprint of the request (method, path and query, canonical JSON body). Then, for 24 hours:
 *
 * - the same key with the same request answers the stored answer again (status, content type and
 *   body; header `Idempotent-Replayed: true`), without running anything;
 * - the same key with another request is refused with 409;
 * - the same key while its first request is still running is refused with 409 and `Retry-After`;
 * - a key whose first request never finished (its process died: the claim's lease of 5 minutes ran
 *   out without an answer) is refused with 409 too, since whether it took effect is unknown.
 *
 * What is stored: 2xx answers, and any answer of a request that appended events (its effect
 * happened, so a retry must not run it again). Other refusals free the key, so a corrected request
 * may reuse it; so do answers that carry a secret shown once (`markSecretAnswer`). On GraphQL the
 * key covers the whole request (usually one mutation); an answer with errors frees it unless it
 * appended. Anonymous requests ignore the header. Keys are up to 255 printable ASCII characters, on
 * requests with a JSON body or none (the fingerprint would not see another kind of body).
 *
 * The answer is stored before it is sent (bounded by STORE_WAIT_MS), so a retry after the answer
 * replays it; when the database is away the store is retried in the background while the claim's
 * lease holds, and retries meanwhile get 409 "still being processed".
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
export const CLAIM_LEASE_MS = 5 * 60 * 1000;
const STORE_WAIT_MS = 2000;
const STORE_RETRY_MS = [100, 250, 500, 1000, 2000, 4000, 8000, 15000, 30000, 60000];
const VALID_KEY = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;

export const KEY_INVALID = 'Idempotency-Key must be 1 to 255 printable ASCII characters.';
export const KEY_NEEDS_JSON = 'Idempotency-Key is accepted with JSON request bodies (or none) only.';
export const KEY_REUSED = 'This Idempotency-Key was already used with a different request. Use a new key for a new request.';
export const KEY_IN_FLIGHT = 'A request with this Idempotency-Key is still being processed. Retry after it has answered.';
export const KEY_INTERRUPTED =
  'The first request with this Idempotency-Key was interrupted before it answered, so whether it took effect is unknown. Check, then use a new key.';

/** JSON with every object's keys sorted: equal bodies have equal text whatever order their fields came in. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

/** What makes two requests the same request. */
export const requestFingerprint = (req: Pick<Request, 'method' | 'originalUrl' | 'body'>): string =>
  createHash('sha256').update(`${req.method}\n${req.originalUrl}\n${canonicalJson(req.body ?? null)}`).digest('hex');

interface KeyRow {
  fingerprint: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
  locked_until: Date | string;
}

type Claim = { kind: 'claimed' } | { kind: 'found'; row: KeyRow };

const claim = async (db: Knex, userId: string, key: string, fingerprint: string, now: Date): Promise<Claim> => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const fresh = { fingerprint, status: null, content_type: null, body: null, created_at: now, locked_until: new Date(now.getTime() + CLAIM_LEASE_MS), expires_at: new Date(now.getTime() + KEY_TTL_MS) };
    // A key past its 24 hours is claimed afresh, as if it had never been used.
    const claimed = await db('idempotency_keys')
      .insert({ user_id: userId, key, ...fresh })
      .onConflict(['user_id', 'key'])
      .merge(fresh)
      .where('idempotency_keys.expires_at', '<=', now)
      .returning('key');
    if (claimed.length > 0) return { kind: 'claimed' };
    const row: KeyRow | undefined = await db('idempotency_keys').where({ user_id: userId, key }).first('fingerprint', 'status', 'content_type', 'body', 'locked_until');
    // Freed between the two statements: claim again.
    if (row) return { kind: 'found', row };
  }
  throw new ConflictError(KEY_IN_FLIGHT);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a finished answer is kept for replays (see the module comment). */
const keeps = (req: Request, status: number, body: Buffer): boolean => {
  if (secretAnswerInRequest()) return false;
  if (appendedInRequest().length > 0) return true;
  if (status < 200 || status >= 300) return false;
  if (req.baseUrl !== '/graphql') return true;
  try {
    return !(JSON.parse(body.toString('utf8')) as { errors?: unknown }).errors;
  } catch {
    return false;
  }
};

const replay = (res: Response, row: KeyRow): void => {
  res.status(row.status!).set(REPLAYED_HEADER, 'true');
  if (row.content_type) res.set('Content-Type', row.content_type);
  if (row.body === null || row.body === '') res.end();
  else res.send(row.body);
};

/**
 * Holds the response's end until its answer is stored (or freed), so a retry that follows the
 * answer finds it; the writes of a body before its end are kept too.
 */
const storeOnEnd = (res: Response, settle: (status: number, contentType: string | null, body: Buffer) => Promise<void>): void => {
  const chunks: Buffer[] = [];
  const toBuffer = (chunk: unknown, encoding?: unknown): Buffer | undefined =>
    chunk === undefined || chunk === null || typeof chunk === 'function'
      ? undefined
      : Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    const buffer = toBuffer(chunk, encoding);
    if (buffer) chunks.push(buffer);
    return write(chunk, encoding, cb);
  }) as Response['write'];
  let ended = false;
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    if (ended) return end(chunk, encoding, cb);
    ended = true;
    const buffer = toBuffer(chunk, encoding);
    if (buffer) chunks.push(buffer);
    const contentType = res.getHeader('content-type');
    const stored = settle(res.statusCode, typeof contentType === 'string' ? contentType : null, Buffer.concat(chunks));
    const timeout = sleep(STORE_WAIT_MS);
    void Promise.race([stored, timeout]).finally(() => end(chunk, encoding, cb));
    return res;
  }) as Response['end'];
};

export interface IdempotencyOptions {
  db: Knex;
  logger: Logger;
  clock: () => Date;
}

/** A refusal in the transport's own shape: REST `{ message }`, GraphQL `{ errors: [{ message, extensions.code }] }`. */
const refuse = (req: Request, res: Response, status: 400 | 409, message: string): void => {
  if (req.baseUrl !== '/graphql') {
    res.status(status).json({ message });
    return;
  }
  res.status(status).json({ errors: [{ message, extensions: { code: status === 400 ? 'BAD_USER_INPUT' : 'CONFLICT' } }] });
};

/** The middleware: mount after the session, user and CSRF checks, before every route that writes. */
export const idempotency = ({ db, logger, clock }: IdempotencyOptions): RequestHandler => async (req, res, next) => {
  const key = req.method === 'POST' ? req.get(IDEMPOTENCY_HEADER) : undefined;
  if (key === undefined || !req.user) return next();
  if (!VALID_KEY.test(key)) return refuse(req, res, 400, KEY_INVALID);
  // The fingerprint reads the parsed JSON body; a body of another kind (an upload) would not be in it.
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  if (hasBody && !req.is('application/json')) return refuse(req, res, 400, KEY_NEEDS_JSON);
  const userId = req.user.id;
  const fingerprint = requestFingerprint(req);
  const now = clock();
  const claimed = await claim(db, userId, key, fingerprint, now);
  if (claimed.kind === 'found') {
    const { row } = claimed;
    if (row.fingerprint !== fingerprint) return refuse(req, res, 409, KEY_REUSED);
    if (row.status !== null) return replay(res, row);
    const leftMs = new Date(row.locked_until).getTime() - now.getTime();
    if (leftMs <= 0) return refuse(req, res, 409, KEY_INTERRUPTED);
    res.set('Retry-After', String(Math.max(1, Math.ceil(Math.min(leftMs, 60_000) / 1000))));
    return refuse(req, res, 409, KEY_IN_FLIGHT);
  }

  const mine = db('idempotency_keys').where({ user_id: userId, key, fingerprint }).whereNull('status');
  const settle = async (status: number, contentType: string | null, body: Buffer): Promise<void> => {
    const keep = keeps(req, status, body);
    const work = () => (keep ? mine.clone().update({ status, content_type: contentType, body: body.toString('utf8') }) : mine.clone().delete());
    for (let i = 0; ; i++) {
      try {
        await work();
        return;
      } catch (err) {
        if (i >= STORE_RETRY_MS.length) {
          logger.error({ err, key }, keep ? 'an idempotent answer could not be stored; retries with its key will be refused' : 'an idempotency key could not be freed');
          return;
        }
        if (i === 0) logger.warn({ err, key }, 'storing an idempotent answer failed; trying again');
        await sleep(STORE_RETRY_MS[i]!);
      }
    }
  };
  storeOnEnd(res, settle);
  next();
};

/**
 * The same binding for a key that arrives inside a command rather than as a header (GraphQL's
 * `idempotencyKey` inputs of refundPayment and applyClientCredit, whose dialogs send one per
 * dialog): the first run's result (JSON) is kept for the user and key, the same request gets it
 * again without running, another request with the key is a 409, and a run that throws frees the key.
 * Kept apart from header keys (`input:` prefix), so one key sent both ways is not a conflict.
 */
export const runIdempotent = async <T>(
  db: Knex,
  binding: { userId: string; key: string; request: unknown; now: Date; logger: Logger },
  run: () => Promise<T>,
): Promise<T> => {
  const key = `input:${binding.key}`;
  const fingerprint = createHash('sha256').update(canonicalJson(binding.request)).digest('hex');
  const claimed = await claim(db, binding.userId, key, fingerprint, binding.now);
  if (claimed.kind === 'found') {
    const { row } = claimed;
    if (row.fingerprint !== fingerprint) throw new ConflictError(KEY_REUSED);
    if (row.status !== null) return JSON.parse(row.body!) as T;
    throw new ConflictError(new Date(row.locked_until).getTime() <= binding.now.getTime() ? KEY_INTERRUPTED : KEY_IN_FLIGHT);
  }
  const mine = () => db('idempotency_keys').where({ user_id: binding.userId, key, fingerprint }).whereNull('status');
  let result: T;
  try {
    result = await run();
  } catch (err) {
    await mine().delete().catch(() => undefined);
    throw err;
  }
  // Done whatever happens to the record: a retry then finds the key in flight (409), never a second run.
  await mine()
    .update({ status: 200, content_type: 'application/json', body: JSON.stringify(result) })
    .catch((err: unknown) => binding.logger.warn({ err, key: binding.key }, 'an idempotent result could not be stored'));
  return result;
};

/** Deletes the keys past their 24 hours; returns how many. */
export const deleteExpiredIdempotencyKeys = async (db: Knex, now: Date): Promise<number> =>
  // Raw: knex-pglite answers a knex delete with the driver's result instead of a count.
  Number(
    ((await db.raw('with gone as (delete from idempotency_keys where expires_at <= ? returning 1) select count(*) as n from gone', [now])) as { rows: { n: number }[] })
      .rows[0]!.n,
  );

/** Background work (worker or ROLE=all): keys past their 24 hours are never read again; this keeps the table small. */
export const startIdempotencyCleanup = (db: Knex, logger: Logger, clock: () => Date, intervalMs = 60 * 60 * 1000): { stop: () => void } =>
  startPeriodic(
    () =>
      void deleteExpiredIdempotencyKeys(db, clock()).then(
        (n) => n > 0 && logger.debug({ keys: n }, 'expired idempotency keys deleted'),
        (err: unknown) => logger.warn({ err }, 'expired idempotency key cleanup failed'),
      ),
    intervalMs,
  );
