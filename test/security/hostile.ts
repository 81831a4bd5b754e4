import fc from 'fast-check';
import type { Knex } from 'knex';

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

/** Columns the background mail dispatcher changes on its own schedule (retries, delivery, scrubbing). */
const VOLATILE: Record<string, string[]> = {
  mail_outbox: ['attempts', 'last_error', 'next_attempt_at', 'sent_at', 'text', 'html'],
};

/**
 * One row per table with its row count and a hash of every row: equal fingerprints, nothing
 * written. Sessions and rate-limit counters are bookkeeping that a refused request may change.
 */
export const fingerprint = async (db: Knex): Promise<string> => {
  const tables: { table_name: string }[] = await db('information_schema.tables')
    .whereRaw('table_schema = current_schema()')
    .andWhere('table_type', 'BASE TABLE')
    .whereNotIn('table_name', ['sessions', 'rate_limits'])
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

/** After an accepted write, reactors may still be working: the fingerprint once the tables stop changing (2 s at most). */
export const settledFingerprint = async (db: Knex): Promise<string> => {
  let last = await fingerprint(db);
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const now = await fingerprint(db);
    if (now === last) return now;
    last = now;
  }
  return last;
};
