import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLedgerLock } from '../../projections/ledger/books/lock';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient } from '../invoicing/test/fixtures';

const RENT = 'a0000000-0000-4000-8000-000000005100';
const LOCKED = 'The books are locked up to 2025-12-31.';

/**
 * Issue 37, item 4: the period lock has one source of record, the `books` stream, read by
 * BooksService and by every command's lock check alike. A lock BooksService has just set is met by
 * the very next command, while no read model has moved: the projections are stopped and every wait
 * for them runs out at once.
 */
describe.each(testBackends())('the period lock read from the books stream on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;
  const actor = 'period-lock-test';

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T12:00:00Z') });
    admin = await adminOf(server);
    clientId = (await createClient(admin, { name: 'Lock Source Ltd' })).id;
  });
  afterAll(() => server?.close());

  const invoiceOn = (date: string) => admin.post('/api/invoices/', { client: clientId, date, due_date: '2026-04-30', paid: false, items: [{ description: 'Plan', quantity: 1, unit_price: 100, vat_rate: 19 }] });
  const rentOn = (date: string) => admin.post('/api/journal-entries/', { date, account: RENT, debit: 10, description: 'Rent' });

  it('refuses a command dated in a period BooksService has just locked, before any read model has the lock, and accepts it once unlocked', async () => {
    const engine = server.runtime.deps.projections;
    await engine.stop();
    engine.waitFor = async () => false;
    try {
      const books = server.runtime.services.accounting.books;
      expect((await books.setLock('2025-12-31', actor)).lockedThrough).toBe('2025-12-31');
      // The ledger, which kept the lock the commands used to check, has not seen it.
      expect(await readLedgerLock(server.testDb.db)).toBeNull();

      // A numbered command (the lock read in the numbering transaction) and a plain one.
      const invoice = await invoiceOn('2025-12-10');
      expect(invoice.status, JSON.stringify(invoice.body)).toBe(400);
      expect(invoice.body).toMatchObject({ message: LOCKED, reason: 'BOOKS_LOCKED', params: { date: '2025-12-31' } });
      const rent = await rentOn('2025-06-10');
      expect(rent.status, JSON.stringify(rent.body)).toBe(400);
      expect(rent.body).toMatchObject({ message: LOCKED, reason: 'BOOKS_LOCKED' });
      expect(await server.runtime.deps.eventStore.readStream('books')).toHaveLength(1);

      // The day after the lock is open.
      expect((await invoiceOn('2026-01-05')).status).toBe(201);

      expect((await books.setLock(null, actor)).lockedThrough).toBeNull();
      const reopened = await invoiceOn('2025-12-10');
      expect(reopened.status, JSON.stringify(reopened.body)).toBe(201);
      expect((await rentOn('2025-06-10')).status).toBe(201);
    } finally {
      delete (engine as { waitFor?: unknown }).waitFor;
      engine.start();
    }
  });
});
