/**
 * Bank statement import: lines per second for a generated 10,000-line camt.053 (about 15 MB,
 * test/camt053-sample.ts) through StatementService.import, as the REST upload runs it after
 * multer: the file read and checked whole, the account's held keys looked up, then the statement
 * and its lines written in one transaction. Then the same file again, which must add nothing.
 *
 *   npm run bench:bank      # PGlite always; real PostgreSQL too with DATABASE_URL or TEST_DATABASE_URL
 *   BENCH_LINES=20000 npm run bench:bank
 *
 * Each of 3 timed runs (after one to warm up) starts from an account without lines; the median is
 * printed. Prints `statement_import_lines_per_s`, `statement_reimport_ms` and
 * `statement_reimport_lines_added` (0); PGlite figures are prefixed `pglite_`. Never fails on time.
 * Auto-reconciliation and suggestions against 100,000 open invoices come with reconciliation.
 */
// The API's modules carry GraphQL decorators, which need the metadata API loaded first.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { StatementService } from '../api/bank/statement.service';
import { migrate } from '../api/main/migrate';
import { createDb } from '../api/platform/db/knex';
import { camt053Sample } from '../test/camt053-sample';
import { figure, median } from './support';

const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const RUNS = 3;
const IBAN = 'GR1601101250000000012300695';

const bench = async (prefix: string, db: Knex) => {
  await migrate(db);
  const account = (await db('money_accounts').where({ is_default: true }).first('id')) as { id: string };
  await db('money_accounts').where({ id: account.id }).update({ iban: IBAN });
  const service = new StatementService({ db, clock: () => new Date() });
  const sample = camt053Sample(LINES);
  const file = { bytes: Buffer.from(sample.xml, 'utf8'), name: 'bench.xml' };
  const actor = randomUUID();
  const empty = async () => {
    await db('bank_statement_lines').where({ money_account_id: account.id }).delete();
    await db('bank_statements').where({ money_account_id: account.id }).delete();
  };
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    await empty();
    const start = performance.now();
    const result = await service.import(account.id, file, actor);
    const ms = performance.now() - start;
    if (result.lines_added !== sample.lines) throw new Error(`added ${result.lines_added} lines of ${sample.lines}`);
    if (run > 0) times.push(ms);
  }
  figure(prefix, 'statement_import_lines_per_s', Math.round(sample.lines / (median(times) / 1000)), 'lines/s');
  const start = performance.now();
  const again = await service.import(account.id, file, actor);
  figure(prefix, 'statement_reimport_ms', Math.round(performance.now() - start), 'ms');
  figure(prefix, 'statement_reimport_lines_added', again.lines_added, 'lines');
};

const main = async () => {
  const lite = await createDb({});
  try {
    await bench('pglite_', lite);
  } finally {
    await lite.destroy();
  }
  const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) return;
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const pg = await createDb({ databaseUrl: url, schema, poolMax: 10 });
  try {
    await bench('', pg);
  } finally {
    await pg.raw('drop schema if exists ?? cascade', [schema]);
    await pg.destroy();
  }
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
