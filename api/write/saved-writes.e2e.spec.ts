import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../domain/shared/dates';
import { createScratchDatabase, testBackends, type TestBackend } from '../../test/db';
import { createDb } from '../platform/db/knex';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createProduct, createSubscription } from '../invoicing/test/fixtures';
import type { ProjectionEngine } from '../../projections/engine';

const OFFICE = 'a0000000-0000-4000-8000-000000005300';

/**
 * Issue 45: once its events are appended, a write answers 2xx with its id (marked pending when the
 * read models may not show it yet), never a 503 that invites a duplicate or a 404 that denies it;
 * and its retry with the same Idempotency-Key returns the first answer and changes nothing.
 */
describe.each(testBackends())('saved writes on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;
  const today = dayOf(new Date());
  const line = (unitPrice: number) => [{ description: 'Licence', quantity: 1, unit_price: unitPrice, vat_rate: 19 }];

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await adminOf(server);
    clientId = (await createClient(admin, { name: 'Saved Writes Ltd', email: 'saved@writes.test' })).id;
  });
  afterAll(() => server?.close());

  const engine = (): ProjectionEngine => server.runtime.deps.projections;
  const eventCount = async (): Promise<number> => Number((await server.testDb.db('events').count({ n: '*' }).first())!.n);
  const eventsOf = async (stream: string, type?: string) => (await server.runtime.deps.eventStore.readStream(stream)).filter((e) => !type || e.type === type);
  const keyed = (path: string, body: object, key: string) => admin.post(path, body).set('Idempotency-Key', key);
  /** A sent invoice: payments and credit notes are for issued invoices only. */
  const issued = async (unitPrice: number, client = clientId): Promise<{ id: string }> => {
    const invoice = (await admin.post('/api/invoices/', { client, date: today, due_date: today, paid: false, items: line(unitPrice) })).body;
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    return invoice;
  };
  const settle = async () => engine().waitFor(await server.runtime.deps.eventStore.headPosition(), { timeoutMs: 20_000 });

  /** While `during` runs, the wait for the read models after each append fails, as it did while PostgreSQL restarted. */
  const withFailingWait = async <T>(during: () => Promise<T>, before?: () => Promise<unknown>): Promise<T> => {
    const e = engine();
    e.waitFor = async () => {
      await before?.();
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    };
    try {
      return await during();
    } finally {
      delete (e as { waitFor?: unknown }).waitFor;
    }
  };

  /** Sends a keyed write, then its retry; both answer the same, and the retry runs nothing. */
  const writeTwice = async (path: string, body: object, key: string, status: number) => {
    const first = await keyed(path, body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(status);
    expect(first.body.pending).toBe(true);
    const events = await eventCount();
    const again = await keyed(path, body, key);
    expect(again.status).toBe(status);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await eventCount()).toBe(events);
    return first.body;
  };

  it('answers every write whose wait for the read models fails with 2xx and pending, and its keyed retry changes nothing', async () => {
    const product = await createProduct(admin, { name: 'Saved plan', billing_cycle: 'monthly' });
    const subscription = await createSubscription(admin, { client: clientId, product: product.id, start_date: today, auto_generate_invoices: false });
    const before = await eventCount();
    await withFailingWait(async () => {
      const invoice = await writeTwice('/api/invoices/', { client: clientId, date: today, due_date: today, paid: false, items: line(100) }, 'create-1', 201);
      expect(invoice).toMatchObject({ total_amount: 119, paid: false, client: { id: clientId, name: 'Saved Writes Ltd' } });
      expect(await eventsOf(`invoice-${invoice.id}`)).toHaveLength(1);

      const sent = await writeTwice(`/api/invoices/${invoice.id}/send/`, {}, 'send-1', 200);
      expect(sent.invoice).toMatchObject({ id: invoice.id, sent: true });
      expect(await eventsOf(`invoice-${invoice.id}`, 'InvoiceSent')).toHaveLength(1);

      const paid = await writeTwice(`/api/invoices/${invoice.id}/payments/`, { amount: 50, date: today, method: 'bank_transfer' }, 'pay-1', 201);
      expect(paid).toMatchObject({ id: invoice.id, paid_amount: 50 });
      expect(await eventsOf(`invoice-${invoice.id}`, 'PaymentRecorded')).toHaveLength(1);

      const note = await writeTwice(`/api/invoices/${invoice.id}/credit-notes/`, { reason: 'Discount', items: line(10) }, 'credit-1', 201);
      expect(note).toMatchObject({ credit_note_number: expect.stringMatching(/^CN-\d{4}-\d{6}$/), total_amount: 11.9, invoice: { id: invoice.id } });
      expect(await eventsOf(`invoice-${invoice.id}`, 'InvoiceCredited')).toHaveLength(1);

      const entry = await writeTwice('/api/journal-entries/', { date: today, account: OFFICE, debit: 12.5, description: 'Paper' }, 'journal-1', 201);
      expect(await eventsOf(`journal-${entry.id}`)).toHaveLength(1);

      const generated = await writeTwice(`/api/subscriptions/${subscription.id}/create-invoice/`, {}, 'subscription-1', 201);
      expect(generated).toMatchObject({ subscription: subscription.id, client: { id: clientId } });

      const other = await writeTwice('/api/invoices/', { client: clientId, date: today, due_date: today, paid: false, items: line(40) }, 'create-2', 201);
      const marked = await writeTwice(`/api/invoices/${other.id}/mark_as_paid/`, {}, 'mark-1', 200);
      expect(marked.invoice).toMatchObject({ id: other.id, paid: true });
      const paymentId = ((await eventsOf(`invoice-${other.id}`, 'PaymentRecorded'))[0]!.data as { paymentId: string }).paymentId;
      // A refund starts from the payments' read model: give it the time the failed wait did not.
      for (let i = 0; i < 200 && !(await server.testDb.db('invoice_payments').where({ payment_id: paymentId }).first()); i++) await new Promise((r) => setTimeout(r, 50));
      const refund = await writeTwice(`/api/payments/${paymentId}/refund/`, { amount: 5, reason: 'Goodwill', date: today }, 'refund-1', 201);
      expect(refund).toMatchObject({ invoice_id: other.id });
      expect(await eventsOf(`invoice-${other.id}`, 'PaymentRefunded')).toHaveLength(1);
    });
    // Every write was saved once: 2 invoices, a payment, a send, a credit note, a journal entry, a generated invoice, a mark, a refund.
    expect((await eventCount()) - before).toBe(9);
    await settle();
    expect((await admin.get('/api/credit-notes/')).body.map((n: { reason: string }) => n.reason)).toContain('Discount');
  });

  it('answers a credit note the read model does not show yet from its event, instead of a 404', async () => {
    const invoice = await issued(200);
    await engine().stop();
    try {
      const res = await admin.post(`/api/invoices/${invoice.id}/credit-notes/`, { reason: 'Not yet listed', items: line(20) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ pending: true, reason: 'Not yet listed', total_amount: 23.8, credit_note_number: expect.stringMatching(/^CN-/), client: { id: clientId, name: 'Saved Writes Ltd' } });
      expect((await admin.get('/api/credit-notes/')).body.map((n: { id: string }) => n.id)).not.toContain(res.body.id);
      engine().start();
      await settle();
      expect((await admin.get(`/api/credit-notes/${res.body.id}/`)).body).toMatchObject({ id: res.body.id, credit_note_number: res.body.credit_note_number });
    } finally {
      engine().start();
    }
  });

  it('answers a credit note from its event when the wait runs out outside any request (a job, a script), never a 404', async () => {
    const invoice = await issued(250);
    const e = engine();
    await e.stop();
    e.waitFor = async () => false;
    try {
      // No HTTP request around it: nothing notes the append but the write path's own outcome.
      const note = await server.runtime.services.billing.invoices.credit({ invoiceId: invoice.id, reason: 'Written by a job' }, 'system');
      expect(note).toMatchObject({ reason: 'Written by a job', total_amount: 297.5, credit_note_number: expect.stringMatching(/^CN-/), invoice: { id: invoice.id } });
      expect(await server.testDb.db('credit_notes').where({ id: note.id }).first()).toBeUndefined();
      expect(await eventsOf(`invoice-${invoice.id}`, 'InvoiceCredited')).toHaveLength(1);
    } finally {
      delete (e as { waitFor?: unknown }).waitFor;
      e.start();
    }
    await settle();
  });

  it('answers a write whose answer cannot be read after the append from what it wrote', async () => {
    const invoice = await issued(300);
    const db = server.testDb.db;
    // The clients table goes away between the append and the answer's read of the client's name
    // (projections stopped meanwhile, so that none of them trips over it).
    await engine().stop();
    let moved = false;
    const res = await withFailingWait(
      () => keyed(`/api/invoices/${invoice.id}/payments/`, { amount: 30, date: today, method: 'cash' }, 'unreadable-1'),
      async () => {
        await db.raw('alter table clients rename to clients_away');
        moved = true;
      },
    ).finally(async () => {
      if (moved) await db.raw('alter table clients_away rename to clients');
      engine().start();
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ pending: true, id: invoice.id, paid_amount: 30, client: { id: clientId, name: 'Saved Writes Ltd' } });
    const again = await keyed(`/api/invoices/${invoice.id}/payments/`, { amount: 30, date: today, method: 'cash' }, 'unreadable-1');
    expect(again.body).toEqual(res.body);
    expect(await eventsOf(`invoice-${invoice.id}`, 'PaymentRecorded')).toHaveLength(1);
  });

  it('answers 202 with the ids when a saved write still fails to answer, and its keyed retry changes nothing', async () => {
    const holder = (await createClient(admin, { name: 'Credit Holder Ltd', email: 'holder@writes.test' })).id;
    const a = await issued(100, holder);
    const b = await issued(100, holder);
    expect((await admin.post(`/api/invoices/${a.id}/payments/`, { amount: 150, date: today, method: 'bank_transfer' })).status).toBe(201);
    const db = server.testDb.db;
    let moved = false;
    const apply = () => keyed(`/api/clients/${holder}/apply_credit/`, { invoice_id: b.id, amount: 20 }, 'apply-1');
    // The invoice list the answer reads goes away once the first half of the transfer is appended.
    await engine().stop();
    const res = await withFailingWait(apply, async () => {
      if (!moved) await db.raw('alter table invoice_list rename to invoice_list_away');
      moved = true;
    }).finally(async () => {
      if (moved) await db.raw('alter table invoice_list_away rename to invoice_list');
      engine().start();
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ message: expect.stringMatching(/^Saved\./), pending: true, id: a.id, ids: [a.id, b.id] });
    const again = await apply();
    expect(again.status).toBe(202);
    expect(again.body).toEqual(res.body);
    expect(await eventsOf(`invoice-${a.id}`, 'CreditTransferred')).toHaveLength(1);
    expect((await eventsOf(`invoice-${b.id}`, 'PaymentRecorded')).map((e) => (e.data as { method: string }).method)).toEqual(['credit']);
  });

  it('answers a GraphQL mutation that still fails to answer after its append with SAVED_PENDING, never SERVICE_UNAVAILABLE', async () => {
    const holder = (await createClient(admin, { name: 'GraphQL Credit Holder Ltd', email: 'holder@graphql.test' })).id;
    const a = await issued(100, holder);
    const b = await issued(100, holder);
    expect((await admin.post(`/api/invoices/${a.id}/payments/`, { amount: 150, date: today, method: 'bank_transfer' })).status).toBe(201);
    const db = server.testDb.db;
    let moved = false;
    await engine().stop();
    const res = await withFailingWait(
      () => admin.graphql('mutation($id: ID!, $i: ApplyCreditInput!) { applyClientCredit(id: $id, input: $i) { id paidAmount } }', { id: holder, i: { invoiceId: b.id, amount: 20 } }),
      async () => {
        if (!moved) await db.raw('alter table invoice_list rename to invoice_list_away');
        moved = true;
      },
    ).finally(async () => {
      if (moved) await db.raw('alter table invoice_list_away rename to invoice_list');
      engine().start();
    });
    expect(res.body.errors).toEqual([{ message: expect.stringMatching(/^Saved\./), path: ['applyClientCredit'], extensions: { code: 'SAVED_PENDING', reason: 'SAVED_PENDING', pending: true, ids: [a.id, b.id] } }]);
    expect(res.body.extensions).toMatchObject({ pending: true });
    expect(await eventsOf(`invoice-${a.id}`, 'CreditTransferred')).toHaveLength(1);
  });

  it('marks a GraphQL mutation whose wait fails pending, and replays it for the same key', async () => {
    const mutation = 'mutation($i: InvoiceInput!) { createInvoice(input: $i) { id totalAmount client { id } } }';
    const variables = { i: { clientId, date: today, dueDate: today, items: [{ description: 'Support', quantity: 2, unitPrice: 50, vatRate: 19 }] } };
    const send = () => admin.graphql(mutation, variables).set('Idempotency-Key', 'graphql-1');
    const first = await withFailingWait(send);
    expect(first.status).toBe(200);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.extensions).toMatchObject({ pending: true });
    expect(first.body.data.createInvoice).toMatchObject({ totalAmount: 119, client: { id: clientId } });
    const events = await eventCount();
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await eventCount()).toBe(events);
  });
});

/**
 * The fault of the issue on real PostgreSQL: every connection of the server ends right after a
 * write's events are appended, as when PostgreSQL restarts. A database of its own, so that ending
 * its connections touches no other test.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('saved writes across a lost database on postgres', () => {
  let server: TestServer;
  let admin: TestClient;
  let side: Awaited<ReturnType<typeof createDb>>;
  const today = dayOf(new Date());
  const scratchBackend: TestBackend = {
    name: 'postgres',
    create: async () => {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
      const db = await createDb({ databaseUrl: scratch.url, poolMax: 8 });
      return { db, databaseUrl: scratch.url, destroy: async () => (await db.destroy(), await scratch.drop()) };
    },
  };

  beforeAll(async () => {
    server = await startTestServer(scratchBackend);
    side = await createDb({ databaseUrl: server.testDb.databaseUrl!, poolMax: 1 });
    admin = await adminOf(server);
  });
  afterAll(async () => {
    await side?.destroy();
    await server?.close();
  });

  /**
   * Holds the credit notes' table, then ends each connection that waits for it (the answer's read,
   * the projection's write) until the answer's read is among them, as a restart ends them all.
   */
  const endedQueries: string[] = [];
  const endReadsOfCreditNotes = async (): Promise<void> => {
    const trx = await side.transaction();
    await trx.raw('lock table credit_notes in access exclusive mode');
    void (async () => {
      try {
        for (let i = 0; i < 200; i++) {
          await new Promise((r) => setTimeout(r, 25));
          // Statistics are read once per transaction unless the snapshot is cleared.
          await trx.raw('select pg_stat_clear_snapshot()');
          // Filtered first, ended in the select list: a condition may be evaluated in any order.
          const ended = await trx.raw(
            `with waiting as materialized (select pid, query from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike '%credit_notes%')
             select query, pg_terminate_backend(pid) as ended from waiting`,
          );
          ended.rows.forEach((r: { query: string }) => endedQueries.push(r.query));
          if (ended.rows.some((r: { query: string }) => /^select/i.test(r.query))) break;
        }
      } finally {
        await trx.rollback();
      }
    })();
  };

  it('answers a credit note 201 with its number when the connection of its answer ends after the append, and its keyed retry changes nothing', async () => {
    const clientId = (await createClient(admin, { name: 'Restarted Ltd', email: 'restarted@ltd.test' })).id;
    const invoice = (await admin.post('/api/invoices/', { client: clientId, date: today, due_date: today, paid: false, items: [{ description: 'Plan', quantity: 1, unit_price: 100, vat_rate: 19 }] })).body;
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    const engine = server.runtime.deps.projections;
    let waits = 0;
    // The wait runs out, as it does while the database restarts; the read that follows loses its connection.
    engine.waitFor = async () => {
      if (waits++ === 0) await endReadsOfCreditNotes();
      return false;
    };
    const credit = () => admin.post(`/api/invoices/${invoice.id}/credit-notes/`, { reason: 'Restart', items: [{ description: 'Part', quantity: 1, unit_price: 10, vat_rate: 19 }] }).set('Idempotency-Key', 'restart-1');
    try {
      const res = await credit();
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ pending: true, credit_note_number: expect.stringMatching(/^CN-/), total_amount: 11.9, invoice: { id: invoice.id } });
      expect(waits).toBe(1);
      expect(endedQueries.some((q) => /^select .* from "credit_notes"/i.test(q)), JSON.stringify(endedQueries)).toBe(true);
      const again = await credit();
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(res.body);
    } finally {
      delete (engine as { waitFor?: unknown }).waitFor;
    }
    const credited = (await server.runtime.deps.eventStore.readStream(`invoice-${invoice.id}`)).filter((e) => e.type === 'InvoiceCredited');
    expect(credited).toHaveLength(1);
  });
});
