import fc from 'fast-check';
import type { Knex } from 'knex';
import type { TestServer } from '../server';

/** Strings that have broken parsers, SQL builders, HTML renderers and databases elsewhere. */
export const NASTY_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE clients; --",
  '"; select pg_sleep(5); --',
  "\\' union select password_hash from users --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '__proto__',
  'constructor',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  '\uFEFF',
  '\u202Eevil',
  '👩‍👩‍👧‍👦'.repeat(50),
  'Z̷̡̛͙a̶l̴g̸o̵',
  '\r\nSet-Cookie: x=1',
  '../../../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  ' ',
  '',
  'x'.repeat(10_000),
  '1e400',
  'NaN',
  '-0',
  '2026-02-30',
  '9999-12-31',
  '0000-00-00',
];

export const hostileString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

export const hostileNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -1, 0.001, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 12.345, 99999999999.99),
);

const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));

/** Field names the write endpoints read, so hostile values reach the validators and not only "unknown key". */
export const FIELDS = [
  'name', 'email', 'phone', 'address', 'vat_number', 'language', 'price', 'billing_cycle', 'vat_rate', 'client',
  'product', 'start_date', 'end_date', 'status', 'quantity', 'date', 'due_date', 'items', 'unit_price', 'description',
  'version', 'amount', 'account', 'account_id', 'entry_type', 'reference', 'username', 'password', 'old_password',
  'new_password', 'message', 'company', 'session_id', 'return_to', 'notes', 'auto_invoice', 'discount',
];

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 4 })),
})).value;

export const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { minKeys: 1, maxKeys: 8 }),
  fc.jsonValue({ maxDepth: 3 }),
  hostileValue,
);

/** Bodies that JSON.stringify cannot produce: raw text sent as application/json. */
export const RAW_BODIES = [
  'NaN',
  '{"price": NaN}',
  '{"price": Infinity}',
  '{"price": 1e400, "name": "x", "email": "x@x.test"}',
  '{"items": [{"unit_price": -1e400}]}',
  '{"name": "unterminated',
  '\uFEFF{"name": "bom"}',
  '{"__proto__": {"is_superuser": true}, "name": "p"}',
  '{"constructor": {"prototype": {"admin": true}}}',
  '['.repeat(20_000) + ']'.repeat(20_000),
  JSON.stringify({ name: 'x', items: Array.from({ length: 5_000 }, () => ({ description: 'x', unit_price: 1 })) }),
  JSON.stringify({ name: 'a'.repeat(150_000) }),
  'null',
  '"just a string"',
  '12',
  '',
];

export const hostileRaw = fc.constantFrom(...RAW_BODIES);

/** Path ids: well-formed but unknown, malformed, encoded traversal, enormous. */
export const hostileId = fc.oneof(fc.uuid(), hostileString.filter((s) => s.length > 0), fc.constantFrom('0', '-1', 'null', 'undefined', '1.5', 'x'.repeat(5000)));

export const hostileQuery = fc.dictionary(fc.constantFrom('from', 'to', 'as_of', 'version', 'page', 'status', 'client', 'search', 'overdue'), hostileString, { maxKeys: 3 });

/**
 * Request headers the app reads (language, CSRF, idempotency, origin checks, caching, client
 * address behind a proxy), with values a browser would never send. Cookie replaces the session's:
 * the request then runs as a forged session, which must be refused like an anonymous one.
 */
const HEADER_NAMES = [
  'Accept', 'Accept-Language', 'Cookie', 'Idempotency-Key', 'If-Modified-Since', 'If-None-Match', 'Origin', 'Range',
  'Referer', 'User-Agent', 'X-CSRFToken', 'X-Forwarded-For', 'X-Forwarded-Proto', 'X-Request-Id',
];
const HEADER_VALUES = [
  '', ' ', '*', 'el', 'ru;q=0.9, *;q=0', 'zz-ZZ;q=abc', 'x'.repeat(4_000), 'null', 'undefined', '../../etc/passwd',
  'bytes=0-1,-5,7-', 'W/"forged"', '"*"', 'sessionid=s%3Aforged.sig; csrftoken=forged', 'http://evil.example', 'null',
  '1.2.3.4, ::1, 999.999.1.1', 'https', 'gopher', 'Thu, 01 Jan 1970 00:00:00 GMT', '-1', '1e400',
];
/** Printable ASCII only: a header value with a line break or NUL never leaves the HTTP client. */
const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 });
export const hostileHeaders = fc.dictionary(fc.constantFrom(...HEADER_NAMES), fc.oneof(fc.constantFrom(...HEADER_VALUES), headerText), { maxKeys: 3 });

/**
 * The longest a fuzz request may take (issue: every answer within 1 s). A refused request on an idle
 * CI machine takes a few milliseconds; one that takes a second is doing work an attacker chose.
 */
export const ANSWER_BOUND_MS = 1_000;

/**
 * Times `send`; an answer slower than the bound is sent again once, and only a second slow answer
 * counts: a pause of a busy machine (other test files, a collection) passes, an input that makes
 * the server work is slow both times. Only for requests that wrote nothing, so sending again is safe.
 */
export const timedTwice = async <T>(send: () => Promise<T>, wroteNothing: (answer: T) => boolean): Promise<{ answer: T; slowMs?: number }> => {
  const started = performance.now();
  const answer = await send();
  const took = performance.now() - started;
  if (took <= ANSWER_BOUND_MS || !wroteNothing(answer)) return { answer };
  const again = performance.now();
  await send();
  const retook = performance.now() - again;
  return { answer, slowMs: retook > ANSWER_BOUND_MS ? Math.round(Math.min(took, retook)) : undefined };
};

/** Columns the background mail dispatcher changes on its own schedule (claims, retries, delivery, scrubbing). */
const VOLATILE: Record<string, string[]> = {
  mail_outbox: ['attempts', 'last_error', 'next_attempt_at', 'sent_at', 'text', 'html', 'message_id'],
};

/**
 * One row per table with its row count and a hash of every row: equal fingerprints, nothing
 * written. Sessions, rate-limit counters and idempotency keys are bookkeeping that a refused request
 * may change, and the mail dispatcher records its delivery attempts on its own schedule.
 */
export const fingerprint = async (db: Knex): Promise<string> => {
  const tables: { table_name: string }[] = await db('information_schema.tables')
    .whereRaw('table_schema = current_schema()')
    .andWhere('table_type', 'BASE TABLE')
    .whereNotIn('table_name', ['sessions', 'rate_limits', 'idempotency_keys', 'mail_attempts'])
    .whereNot('table_name', 'like', 'knex_%')
    .select('table_name')
    .orderBy('table_name');
  const row = (t: string) => (VOLATILE[t] ? `(to_jsonb(x) - array[${VOLATILE[t]!.map((c) => `'${c}'`).join(', ')}])::text` : 'x::text');
  const sql = tables.map((t) => `select '${t.table_name}' as t, count(*)::text as n, coalesce(sum(hashtext(${row(t.table_name)})::bigint), 0)::text as h from "${t.table_name}" x`).join(' union all ');
  const res = await db.raw(sql);
  const rows = (res.rows ?? res) as { t: string; n: string; h: string }[];
  return rows.map((r) => `${r.t}:${r.n}:${r.h}`).join('|');
};

export const envInt = (name: string, fallback: number): number => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : fallback;
};

/** The tables whose row count or rows differ between two fingerprints: what a refused request wrote. */
export const changedTables = (before: string, after: string): string[] => {
  const tables = (f: string) => new Map(f.split('|').map((t) => [t.slice(0, t.indexOf(':')), t]));
  const was = tables(before);
  return [...tables(after)].filter(([t, v]) => was.get(t) !== v).map(([t]) => t);
};

/**
 * After an accepted write, read models and reactors may still be working: the fingerprint once they
 * have all processed every event in the store, those they appended themselves included.
 */
export const settledFingerprint = async (server: TestServer): Promise<string> => {
  const { eventStore, projections } = server.runtime.deps;
  for (let head = await eventStore.headPosition(); ; ) {
    if (!(await projections.waitFor(head, { includeReactors: true, timeoutMs: 30_000 }))) throw new Error(`read models and reactors did not reach ${head}`);
    const now = await eventStore.headPosition();
    if (eventStore.comparePositions(now, head) === 0) return fingerprint(server.testDb.db);
    head = now;
  }
};
