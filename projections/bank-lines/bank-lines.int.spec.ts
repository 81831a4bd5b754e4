import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/event-store';
import { testBackends, type TestDb } from '../../test/db';
import { bankLinesProjection, runsOf } from './bank-lines';

const ACCOUNT = randomUUID();
let position = 0;
const recorded = (type: 'BankLineReconciled' | 'BankLineUnreconciled', lineId: string, reconciliationId: string, parts: unknown[]): RecordedEvent => ({
  eventId: randomUUID(),
  streamId: `bank-line-${lineId}`,
  streamRevision: 0,
  position: String(++position),
  type,
  data: { lineId, reconciliationId, moneyAccountId: ACCOUNT, date: '2026-11-10', amountCents: 1000, parts, postings: [] },
  metadata: { actor: 'tester', recordedAt: `2026-11-10T10:00:0${position % 10}.000Z`, schemaVersion: 1 },
} as RecordedEvent);
const movement = (movementId: string) => ({ kind: 'movement', movementId, cents: 1000 });

describe('runsOf', () => {
  const e = (type: string, lineId: string) => ({ event: { type, data: { lineId } } });
  it('cuts where the kind changes or a line comes again, keeping the order', () => {
    const events = [e('R', 'a'), e('R', 'b'), e('R', 'a'), e('U', 'c'), e('U', 'd'), e('R', 'c')];
    expect(runsOf(events).map((run) => run.map((x) => `${x.event.type}${x.event.data.lineId}`))).toEqual([['Ra', 'Rb'], ['Ra'], ['Uc', 'Ud'], ['Rc']]);
    expect(runsOf([])).toEqual([]);
  });
});

describe.each(testBackends())('bank-lines projection on $name', (backend) => {
  let one: TestDb;
  let batched: TestDb;
  beforeAll(async () => {
    [one, batched] = await Promise.all([backend.create(), backend.create()]);
  });
  afterAll(async () => {
    await one?.destroy();
    await batched?.destroy();
  });

  it('writes a batch exactly as it writes its events one by one', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const [ra1, ra2, rb, rc] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const events = [
      recorded('BankLineReconciled', a, ra1, [movement('m-1'), { kind: 'account', accountCode: '6000', cents: 0 }]),
      recorded('BankLineReconciled', b, rb, [movement('m-2')]),
      recorded('BankLineReconciled', c, rc, [{ kind: 'invoice', invoiceId: randomUUID(), cents: 1000, paymentId: randomUUID() }]),
      // a is undone and reconciled again, with another movement; b is undone; c stays.
      recorded('BankLineUnreconciled', a, ra1, []),
      recorded('BankLineUnreconciled', b, rb, []),
      recorded('BankLineReconciled', a, ra2, [movement('m-3')]),
      // An undo naming another reconciliation of c removes nothing of c's row.
      recorded('BankLineUnreconciled', c, randomUUID(), []),
    ];
    await one.db.transaction(async (trx) => {
      for (const event of events) await bankLinesProjection.apply(trx, [event]);
    });
    await batched.db.transaction((trx) => bankLinesProjection.apply(trx, events));
    const tables = async ({ db }: TestDb) => ({
      lines: await db('bank_line_reconciliations').orderBy('line_id').select('line_id', 'reconciliation_id', 'reconciled_by'),
      movements: await db('bank_reconciled_movements').orderBy('movement_id').select('movement_id', 'line_id'),
    });
    const expected = await tables(one);
    expect(await tables(batched)).toEqual(expected);
    expect(expected.lines.map((l: { line_id: string; reconciliation_id: string }) => [l.line_id, l.reconciliation_id]).sort()).toEqual([[a, ra2], [c, rc]].sort());
    // c's payment is matched as its ledger entry; a's movements now only m-3; b's m-2 is free again.
    expect(expected.movements.map((m: { movement_id: string }) => m.movement_id).filter((id: string) => id.startsWith('m-'))).toEqual(['m-3']);
    expect(expected.movements).toHaveLength(2);
  });
});
