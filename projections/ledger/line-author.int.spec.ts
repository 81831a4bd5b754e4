import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../../domain/accounting/accounts';
import { testBackends, type TestDb } from '../../test/db';
import { ledgerMigrations } from './migrations';

const AUTHOR = ledgerMigrations.find((m) => m.name === '202611270100_i19reports_ledger_line_author')!;

describe.each(testBackends())('ledger line authors on $name', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await backend.create();
  });
  afterAll(() => testDb?.destroy());

  it('lines written before authors were kept take their event actor from the events table', async () => {
    const { db } = testDb;
    await AUTHOR.down!(db);
    const [eventId, orphan, entryId] = [randomUUID(), randomUUID(), randomUUID()];
    await db('events').insert({ event_id: eventId, stream_id: `journal-${entryId}`, stream_revision: 0, type: 'JournalEntryRecorded', data: {}, metadata: { actor: 'user-7', schemaVersion: 1 } });
    const line = (event: string, lineNo: number) => ({ entry_id: entryId, entry_version: 0, kind: 'posting', line_no: lineNo, date: '2026-01-10', account_id: A.bank, debit_cents: 100, credit_cents: 0, description: 'x', event_id: event, recorded_at: new Date() });
    await db('ledger_lines').insert([line(eventId, 0), line(orphan, 1)]);
    await AUTHOR.up(db);
    const rows = await db('ledger_lines').where('entry_id', entryId).orderBy('line_no').select('recorded_by');
    expect(rows.map((r: { recorded_by: string | null }) => r.recorded_by)).toEqual(['user-7', null]);
  });
});
