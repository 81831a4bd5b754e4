import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCheckpoint, readCheckpoints } from '../../projections/checkpoints';
import { fillPaymentCashAccounts } from '../../projections/invoice-payments/migrations';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';

const DE = 'DE89370400440532013000';

type Deposited = { id: string; name: string } | null;
interface WirePayment {
  id: string;
  reference: string | null;
  method: string;
  deposited_to: Deposited;
}

describe.each(testBackends())('where a payment was deposited, on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let accounts: Record<string, { id: string; name: string }>;
  let invoiceId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
    const alpha = await admin.post('/api/bank-accounts/', { name: 'Alpha Bank', iban: DE });
    expect(alpha.status, alpha.text).toBe(201);
    accounts = Object.fromEntries(((await admin.get('/api/bank-accounts/')).body as Array<{ id: string; name: string }>).map((a) => [a.name, { id: a.id, name: a.name }]));
    const client = await createClient(admin, { name: 'Deposited Ltd', email: 'deposited@test.example' });
    const invoice = await createInvoice(admin, { client: client.id, date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'Audit', unit_price: 1000 }] });
    invoiceId = invoice.id;
    expect((await admin.post(`/api/invoices/${invoiceId}/send/`)).status).toBe(200);
    const pay = async (body: Record<string, unknown>) => {
      const res = await admin.post(`/api/invoices/${invoiceId}/payments/`, { date: '2026-03-10', ...body });
      expect(res.status, res.text).toBe(201);
    };
    await pay({ amount: 20, method: 'cash', reference: 'till' });
    await pay({ amount: 30, method: 'bank_transfer', reference: 'default' });
    await pay({ amount: 40, method: 'bank_transfer', reference: 'alpha', deposited_to: accounts['Alpha Bank']!.id });
    await pay({ amount: 50, method: 'other', reference: 'other' });
    await pay({ amount: 60, method: 'card', reference: 'card' });
  });
  afterAll(() => server?.close());

  const restPayments = async (): Promise<Record<string, WirePayment>> => {
    const res = await admin.get(`/api/invoices/${invoiceId}/payments/`);
    expect(res.status).toBe(200);
    return Object.fromEntries((res.body as WirePayment[]).map((p) => [p.reference, p]));
  };
  const depositsOverRest = async () => Object.fromEntries(Object.entries(await restPayments()).map(([ref, p]) => [ref, p.deposited_to?.name ?? null]));
  const depositsOverGraphql = async () => {
    const res = await admin.graphql(`query($id: ID!) { invoice(id: $id) { payments { reference depositedTo { id name } } } }`, { id: invoiceId });
    expect(res.body.errors).toBeUndefined();
    return Object.fromEntries((res.body.data.invoice.payments as Array<{ reference: string; depositedTo: Deposited }>).map((p) => [p.reference, p.depositedTo]));
  };
  const ALL_AS_RECORDED = { till: 'Cash on Hand', default: 'Bank', alpha: 'Alpha Bank', other: 'Bank', card: null };

  it('answers each payment’s money account over REST, the method’s default where none was named, none for a card', async () => {
    expect(await depositsOverRest()).toEqual(ALL_AS_RECORDED);
    expect((await restPayments()).alpha!.deposited_to).toEqual(accounts['Alpha Bank']);
  });

  it('answers the same over GraphQL as Payment.depositedTo', async () => {
    expect(await depositsOverGraphql()).toEqual({
      till: accounts['Cash on Hand'],
      default: accounts['Bank'],
      alpha: accounts['Alpha Bank'],
      other: accounts['Bank'],
      card: null,
    });
  });

  it('reads a renamed account by its new name, and answers it in a refund’s payment', async () => {
    const alpha = (await admin.get(`/api/bank-accounts/${accounts['Alpha Bank']!.id}/`)).body;
    expect((await admin.put(`/api/bank-accounts/${alpha.id}/`, { name: 'Alpha Savings', iban: DE, version: alpha.version })).status).toBe(200);
    expect((await depositsOverRest()).alpha).toBe('Alpha Savings');
    const payment = (await restPayments()).alpha!;
    const refund = await admin.post(`/api/payments/${payment.id}/refund/`, { amount: 5, reason: 'Overcharged', date: '2026-03-12' });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body.payment.deposited_to).toEqual({ id: alpha.id, name: 'Alpha Savings' });
    await admin.put(`/api/bank-accounts/${alpha.id}/`, { name: 'Alpha Bank', iban: DE, version: alpha.version + 1 });
    expect((await depositsOverRest()).alpha).toBe('Alpha Bank');
  });

  it('fills rows written before the column from their events, and a payment whose event names no account shows the one its posting used', async () => {
    const db = server.testDb.db;
    const ids = Object.fromEntries(Object.entries(await restPayments()).map(([ref, p]) => [ref, p.id]));
    // The alpha payment as a payment recorded before money accounts: its event names no account.
    await db.raw(`update events set data = data - 'cashAccountId' where type = 'PaymentRecorded' and data->>'paymentId' = ?`, [ids.alpha]);
    await db('invoice_payments').where({ invoice_id: invoiceId }).update({ cash_account_id: null });
    expect(Object.values(await depositsOverRest())).toEqual([null, null, null, null, null]);
    await fillPaymentCashAccounts(db);
    // Cash on Hand comes back from its event; the stripped one is the books’ Bank, as the ledger posts it.
    expect(await depositsOverRest()).toEqual({ ...ALL_AS_RECORDED, alpha: 'Bank' });
    // A rebuild of the read model from the events writes the same.
    const rebuilt = await admin.graphql('mutation { rebuildProjection(name: "invoice_payments") { caughtUp } }');
    expect(rebuilt.body.errors).toBeUndefined();
    expect(rebuilt.body.data.rebuildProjection.caughtUp).toBe(true);
    expect(await depositsOverRest()).toEqual({ ...ALL_AS_RECORDED, alpha: 'Bank' });
  });
});

describe.each(testBackends())('filling deposit accounts when the events are elsewhere, on $name', (backend) => {
  it('replays the payments read model instead of guessing', async () => {
    const testDb = await backend.create();
    try {
      const { db } = testDb;
      await ensureCheckpoint(db, 'invoice_payments', 'projection');
      await db('projection_checkpoints').where({ name: 'invoice_payments' }).update({ position: '42', events_processed: 1 });
      // A row whose event is not in this database's events table (as with EventStoreDB).
      await db('invoice_payments').insert({
        payment_id: '7d6f3c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f',
        invoice_id: '1d6f3c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f',
        amount_cents: 1000,
        date: '2026-03-10',
        method: 'cash',
        reference: null,
        actor: 'admin',
        recorded_at: new Date('2026-03-10T10:00:00Z'),
      });
      await fillPaymentCashAccounts(db);
      expect(Number((await db('invoice_payments').count<{ count: string }[]>('* as count'))[0]!.count)).toBe(0);
      const [checkpoint] = await readCheckpoints(db, ['invoice_payments']);
      expect(checkpoint).toMatchObject({ position: null });
      expect(Number(checkpoint!.events_processed)).toBe(0);
    } finally {
      await testDb.destroy();
    }
  });
});
