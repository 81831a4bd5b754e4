import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { writeAudit } from '../platform/audit';
import { adminOf } from '../invoicing/test/fixtures';
import { BOOKS_AUDIT_REACTOR } from './books-audit.reactor';

interface AuditRow {
  id: string;
  actor: string;
  entity_id: string;
  at: Date | string;
  before: unknown;
  after: unknown;
}

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

describe.each(testBackends())('the audit log of the books, written from their events, on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  const rows = async (): Promise<AuditRow[]> =>
    (await server.testDb.db('audit_log').where({ entity: 'accounting_books' }).orderBy('id').select('id', 'actor', 'entity_id', 'at', 'before', 'after')).map((r: AuditRow) => ({
      ...r,
      id: String(r.id),
      before: json(r.before),
      after: json(r.after),
    }));
  const booksEvents = () => server.runtime.deps.eventStore.readStream('books');
  /** The reactor meets every books event again, from the start of the store. */
  const replay = async () => {
    await server.testDb.db('projection_checkpoints').where({ name: BOOKS_AUDIT_REACTOR }).update({ position: null });
    await server.runtime.deps.projections.resync(BOOKS_AUDIT_REACTOR);
    const head = await server.runtime.deps.eventStore.headPosition();
    expect(await server.runtime.deps.projections.waitFor(head, { only: [BOOKS_AUDIT_REACTOR] })).toBe(true);
  };

  it('answers a lock change once its row is in the audit log: one row per event, stamped as the event', async () => {
    expect((await admin.put('/api/accounting/lock/', { locked_through: '2025-09-30' })).status).toBe(200);
    expect((await admin.graphql('mutation { setBooksLock(lockedThrough: "2025-12-31") { lockedThrough } }')).body.data.setBooksLock).toEqual({ lockedThrough: '2025-12-31' });
    const events = await booksEvents();
    expect(events.map((e) => e.type)).toEqual(['BooksLocked', 'BooksLocked']);
    const audit = await rows();
    expect(audit.map(({ actor, entity_id, at, before, after }) => ({ actor, entity_id, at: new Date(at).toISOString(), before, after }))).toEqual(
      events.map((e) => {
        const data = e.data as { actor: string; at: string; previous: string | null };
        return { actor: data.actor, entity_id: 'BooksLocked', at: data.at, before: { lockedThrough: data.previous }, after: data };
      }),
    );
    expect(audit.map((r) => (r.after as { lockedThrough: string }).lockedThrough)).toEqual(['2025-09-30', '2025-12-31']);
    const user = await server.testDb.db('users').where({ username: 'admin' }).first('id');
    expect(audit.map((r) => r.actor)).toEqual([String(user.id), String(user.id)]);
  });

  it('writes the row of an event that has none (the process stopped after the append), and never a second one', async () => {
    const kept = await rows();
    // The second change lost its row, as when the service wrote rows after appending and stopped in between.
    await server.testDb.db('audit_log').where({ id: kept[1]!.id }).delete();
    await replay();
    const after = await rows();
    expect(after).toHaveLength(2);
    expect(after[0]).toEqual(kept[0]);
    expect({ ...after[1], id: undefined }).toEqual({ ...kept[1], id: undefined });
    // Meeting the same events again writes nothing.
    await replay();
    expect(await rows()).toEqual(after);
  });

  it('does not write again a row that the earlier code wrote for an event, at its own time', async () => {
    const [first] = await booksEvents();
    await server.testDb.db('audit_log').where({ entity: 'accounting_books' }).delete();
    // As BooksService wrote it before the reactor: after the append, stamped with the clock then.
    const data = first!.data as { previous: string | null };
    await writeAudit(server.testDb.db, { actor: (first!.data as { actor: string }).actor, entity: 'accounting_books', entityId: 'BooksLocked', action: 'update', before: { lockedThrough: data.previous }, after: first!.data, at: new Date('2026-01-02T03:04:05Z') });
    const [old] = await rows();
    await replay();
    const audit = await rows();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toEqual(old);
    expect((audit[1]!.after as { lockedThrough: string }).lockedThrough).toBe('2025-12-31');
  });
});
