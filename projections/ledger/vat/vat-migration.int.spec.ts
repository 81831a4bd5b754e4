import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountService } from '../../../api/accounting/account.service';
import { ReportService } from '../../../api/accounting/report.service';
import type { Position } from '../../../eventstore/event-store';
import { PostgresEventStore } from '../../../eventstore/postgres/postgres-event-store';
import { historyArb } from '../../../test/accounting/history';
import { testBackends, type TestDb } from '../../../test/db';
import { ProjectionEngine } from '../../engine';
import { ledgerProjection } from '../ledger.projection';
import { ledgerMigrations } from '../migrations';

const migration = ledgerMigrations.find((m) => m.name === '202611271900_i19vat_vat_movements')!;

describe.each(testBackends())('VAT migration on $name', (backend) => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await backend.create();
  });
  afterAll(() => testDb?.destroy());

  it('on an installation with a ledger, empties it and resets its checkpoint, and the replay fills the VAT return', async () => {
    const store = new PostgresEventStore(testDb.db);
    const reports = new ReportService(testDb.db, new AccountService(testDb.db), () => new Date('2026-06-30T00:00:00Z'));
    const history = fc.sample(historyArb(200, 150), { numRuns: 1, seed: 19 })[0]!;
    const logger = pino({ level: 'silent' });
    // The last append's position, not the store's head: on a shared PostgreSQL server the head stops
    // short of events committed after the oldest transaction still open anywhere on it.
    let last: Position | undefined;
    const catchUp = async () => {
      const engine = new ProjectionEngine({ db: testDb.db, store, logger, projections: [ledgerProjection()], reactors: [], batchSize: 50 });
      engine.start();
      expect(await engine.waitFor(last, { timeoutMs: 30_000 })).toBe(true);
      await engine.stop();
    };
    for (const h of history) last = (await store.append(h.streamId, [{ type: h.event.type, data: h.event.data, metadata: { actor: 'prop', schemaVersion: 1 } }])).position;
    await catchUp();
    const period = { from: '2023-01-01', to: '2026-12-31' };
    const before = await reports.vatReturn(period);
    const lines = (await testDb.db('ledger_lines').count({ n: '*' }).first())?.n;
    expect(before.rows.length).toBeGreaterThan(0);

    // As an installation before this migration: the ledger is there, its VAT analysis is not.
    await migration.down!(testDb.db);
    await migration.up(testDb.db);
    expect(Number((await testDb.db('ledger_entries').count({ n: '*' }).first())?.n)).toBe(0);
    expect((await testDb.db('projection_checkpoints').where({ name: 'ledger' }).first())?.position).toBeNull();

    await catchUp();
    expect(await reports.vatReturn(period)).toEqual(before);
    expect((await testDb.db('ledger_lines').count({ n: '*' }).first())?.n).toBe(lines);
  });
});
