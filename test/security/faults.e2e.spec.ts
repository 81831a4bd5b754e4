import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { createDb } from '../../api/platform/db/knex';
import { createClientWithLogin, createInvoice } from '../billing-fixtures';
import { testBackends } from '../db';
import { deliverStripeEvent, startFakeStripe, type FakeStripe } from '../fake-stripe';
import { startTestServer, type TestClient, type TestServer } from '../server';
import { startSmtpServer } from '../smtp';
import { fingerprint, settledFingerprint } from './hostile';

const WEBHOOK_SECRET = 'whsec_faults_secret';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A real database fault: every insert into `table` raises, until `heal()`. */
const breakInserts = async (server: TestServer, table: string) => {
  await server.testDb.db.raw(`create or replace function fault_inject() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`);
  await server.testDb.db.raw(`create trigger fault_inject before insert on ?? for each row execute function fault_inject()`, [table]);
  return async () => {
    await server.testDb.db.raw('drop trigger fault_inject on ??', [table]);
  };
};

describe.each(testBackends())('faults on $name', (backend) => {
  let server: TestServer;
  let fake: FakeStripe;
  let admin: TestClient;
  let smtpPort: number;
  let alice: Awaited<ReturnType<typeof createClientWithLogin>>;

  beforeAll(async () => {
    fake = await startFakeStripe();
    // A port where SMTP is down until the test starts it.
    const probe = await startSmtpServer();
    smtpPort = probe.port;
    await probe.close();
    server = await startTestServer(backend, {
      env: { STRIPE_SECRET_KEY: 'sk_test_faults', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
      limits: { publicFormsPerIp: 1000 },
    });
    admin = server.client();
    await admin.login();
    alice = await createClientWithLogin(server.runtime.deps, 'Faulty Alice Ltd');
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const deliver = (session: object, eventId: string) => deliverStripeEvent(server.client(), WEBHOOK_SECRET, 'checkout.session.completed', session, eventId);

  it('leaves nothing behind when the event store append fails, and a webhook retried after the 500 records one payment', async () => {
    const invoice = await createInvoice(server.runtime.deps, alice.id, 99);
    const { sessionId } = (await server.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).send({})).body;
    const session = fake.complete(sessionId);
    const before = await settledFingerprint(server);
    const heal = await breakInserts(server, 'events');
    const failed = await deliver(session, 'evt_fault_1');
    const refusedWrite = await admin.post(`/api/invoices/${invoice.id}/mark_as_paid/`);
    await heal();
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.body).toEqual({ message: 'Internal server error.' });
    expect(refusedWrite.status).toBeGreaterThanOrEqual(500);
    expect(await fingerprint(server.testDb.db)).toBe(before);
    // Stripe retries the same event, then delivers it once more for good measure.
    expect((await deliver(session, 'evt_fault_1')).status).toBe(200);
    expect((await deliver(session, 'evt_fault_1')).status).toBe(200);
    expect(await server.testDb.db('invoice_payments').where({ invoice_id: invoice.id })).toHaveLength(1);
    const credits = await server.testDb.db('ledger_lines as l').join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where({ 'e.invoice_id': invoice.id, 'l.account_id': SYSTEM_ACCOUNT_IDS.receivables }).where('l.credit_cents', '>', 0);
    expect(credits).toHaveLength(1);
    expect((await server.client().get(`/api/public/invoices/${invoice.id}/`)).body.paid).toBe(true);
  });

  it('keeps e-mails while SMTP is down and sends each exactly once when it is back', async () => {
    const invoices = [await createInvoice(server.runtime.deps, alice.id, 10), await createInvoice(server.runtime.deps, alice.id, 11)];
    for (const inv of invoices) expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    const pending = async () => server.testDb.db('mail_outbox').whereNull('sent_at').whereLike('to', alice.email);
    // The two invoice mails are queued by a reactor, after the answers (earlier mails to Alice may be pending too).
    const invoiceMails = async () => (await pending()).filter((r) => r.key.startsWith('invoice-sent:')).length;
    for (let i = 0; i < 200 && (await invoiceMails()) < 2; i++) await sleep(50);
    expect(await invoiceMails()).toBe(2);
    await server.runtime.mail.drain();
    const failedRows = await pending();
    expect(failedRows.length).toBeGreaterThanOrEqual(2);
    expect(failedRows.every((r) => r.attempts >= 1 && r.last_error)).toBe(true);
    const smtp = await startSmtpServer(smtpPort);
    try {
      // The back-off has passed.
      await server.testDb.db('mail_outbox').whereNull('sent_at').update({ next_attempt_at: server.testDb.db.fn.now() });
      await Promise.all([server.runtime.mail.drain(), server.runtime.mail.drain()]);
      await server.runtime.mail.drain();
      const toAlice = smtp.received.filter((m) => m.to.includes(alice.email));
      expect(toAlice.length).toBe(failedRows.length);
      expect(new Set(toAlice.map((m) => m.raw.match(/^Message-ID: (.*)$/im)?.[1])).size).toBe(toAlice.length);
      expect(await pending()).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it.runIf(backend.name === 'postgres')('answers 503 and writes nothing when the database connection is killed mid-write', async () => {
    const side = await createDb({ databaseUrl: server.testDb.databaseUrl!, schema: server.testDb.schema!, poolMax: 2 });
    /** Holds a lock the write's transaction needs after its first insert, then kills the waiting backend. */
    const killDuring = async <T>(write: () => Promise<T>): Promise<T> => {
      const trx = await side.transaction();
      await trx.raw('lock table audit_log in access exclusive mode');
      const pending = write();
      let killed = 0;
      for (let i = 0; i < 100 && killed === 0; i++) {
        await sleep(50);
        const res = await side.raw(`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike '%audit_log%'`);
        killed = res.rows.length;
      }
      await trx.rollback();
      expect(killed).toBeGreaterThan(0);
      return pending;
    };
    try {
      const before = await fingerprint(server.testDb.db);
      const rest = await killDuring(async () => admin.post('/api/clients/', { name: 'Half Written Ltd', email: 'half@written.test' }));
      expect(rest.status).toBe(503);
      expect(rest.body.message).toMatch(/temporarily unavailable/);
      const gql = await killDuring(async () => admin.graphql('mutation { createClient(input: {name: "Half GraphQL Ltd", email: "half@graphql.test"}) { id } }'));
      expect(gql.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      expect(await fingerprint(server.testDb.db)).toBe(before);
      // The pool replaces the dead connections and the same write now succeeds.
      expect((await admin.post('/api/clients/', { name: 'Half Written Ltd', email: 'half@written.test' })).status).toBe(201);
    } finally {
      await side.destroy();
    }
  });
});
