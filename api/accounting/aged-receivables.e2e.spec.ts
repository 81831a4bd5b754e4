import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGING_EDGES } from '../../domain/accounting/aging';
import { addDays } from '../../domain/shared/dates';
import { agedSums } from '../../projections/ledger/receivables/queries';
import { fillReceivablesFromLines } from '../../projections/ledger/receivables/writer';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../billing/test/fixtures';

/** A small deterministic generator (mulberry32), so a failing history can be replayed. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const QUERY = `query($asOf: String) { agedReceivables(asOf: $asOf) { asOf net total creditBalance totals { current days1to30 days31to60 days61to90 over90 } clients { clientName total creditBalance buckets { current over90 } } } }`;

describe.each(testBackends())('aged receivables on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-12-31T12:00:00Z') });
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  const receivables = async (asOf: string) => {
    const sheet = await admin.get(`/api/reports/balance-sheet/?as_of=${asOf}`);
    return sheet.body.assets.find((a: { account: string }) => a.account === 'Accounts Receivable')?.balance ?? 0;
  };

  it('ages a generated history of invoices, partial and excess payments and credit notes, and always nets to Accounts Receivable', async () => {
    const next = random(20261125);
    const clients = [await createClient(admin, { name: 'Alpha Ltd' }), await createClient(admin, { name: 'Beta SA' }), await createClient(admin, { name: 'Γάμμα Α.Ε.' })];
    for (let i = 0; i < 24; i++) {
      const client = clients[Math.floor(next() * clients.length)]!;
      const date = addDays('2026-01-05', Math.floor(next() * 330));
      const due = addDays(date, [0, 14, 30][Math.floor(next() * 3)]!);
      const price = Math.round(next() * 200_000) / 100 + 1;
      const inv = await createInvoice(admin, { client: client.id, date, due_date: due, items: [{ description: `Service ${i}`, unit_price: price, vat_rate: [0, 19, 24][i % 3] }] });
      if (next() < 0.2) continue; // a draft: owed all the same (it is posted), aged by its due date
      expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
      const roll = next();
      const paidOn = addDays(date, Math.floor(next() * 60));
      if (roll < 0.3) {
        // Partly paid.
        await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: Math.max(0.01, Math.round(inv.total_amount * 40) / 100), date: paidOn, method: 'bank_transfer' });
      } else if (roll < 0.45) {
        // Paid, then part credited: the credit is the client's credit balance.
        await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: inv.total_amount, date: paidOn, method: 'card' });
        await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Discount', date: addDays(paidOn, 3), items: [{ description: 'Discount', unit_price: 1, vat_rate: 0 }] });
      } else if (roll < 0.55) {
        // Paid more than owed.
        await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: inv.total_amount + 10, date: paidOn, method: 'bank_transfer' });
      } else if (roll < 0.65) {
        await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Cancelled', date: paidOn });
      }
    }
    const asOfs = ['2025-12-31', '2026-01-31', '2026-03-31', '2026-06-30', '2026-09-15', '2026-11-30', '2026-12-31', '2027-06-30'];
    for (const asOf of asOfs) {
      const res = await admin.get(`/api/reports/aged-receivables/?as_of=${asOf}`);
      expect(res.status).toBe(200);
      const r = res.body;
      expect(r.as_of).toBe(asOf);
      const ar = await receivables(asOf);
      expect({ asOf, net: r.totals.net }).toEqual({ asOf, net: ar });
      const bucketSum = Math.round((r.totals.current + r.totals.days_1_30 + r.totals.days_31_60 + r.totals.days_61_90 + r.totals.over_90) * 100);
      expect(bucketSum).toBe(Math.round(r.totals.total * 100));
      expect(Math.round((r.totals.total - r.totals.credit_balance) * 100)).toBe(Math.round(r.totals.net * 100));
      const perClient = r.clients.reduce((s: number, c: { total: number }) => s + Math.round(c.total * 100), 0);
      expect(perClient).toBe(Math.round(r.totals.total * 100));
      const gql = await admin.graphql(QUERY, { asOf });
      expect(gql.body.errors).toBeUndefined();
      expect(gql.body.data.agedReceivables).toMatchObject({ asOf, net: r.totals.net, total: r.totals.total, creditBalance: r.totals.credit_balance });
    }
    // The open balances less later changes and the changes summed from the start agree on every day.
    const sorted = (rows: Array<{ client_id: string | null; bucket: string; cents: number | string }>) =>
      rows.map((r) => `${r.client_id}|${r.bucket}|${Number(r.cents)}`).sort();
    for (let asOf = '2025-12-31'; asOf <= '2027-01-31'; asOf = addDays(asOf, 9)) {
      const recent = await agedSums(server.testDb.db, asOf, AGING_EDGES, 'over90', 'recent');
      const full = await agedSums(server.testDb.db, asOf, AGING_EDGES, 'over90', 'full');
      expect({ asOf, rows: sorted(recent) }).toEqual({ asOf, rows: sorted(full) });
    }
    // The migration's fill from the journal lines and the invoice list equals what the projection wrote,
    // the per-(client, due date) sums included.
    const db = server.testDb.db;
    const tables = async () => ({
      changes: await db('receivable_changes').select('*').orderBy(['invoice_id', 'date']),
      balances: await db('receivable_balances').select('*').orderBy('invoice_id'),
      dueChanges: await db('receivable_due_changes').select('*').orderBy(['date', 'client_id', 'due_date']),
      dueBalances: await db('receivable_due_balances').select('*').orderBy(['client_id', 'due_date']),
    });
    const live = await tables();
    expect(live.balances.length).toBeGreaterThan(0);
    expect(live.dueChanges.length).toBeGreaterThan(0);
    await db.transaction(async (trx) => {
      await trx('receivable_changes').delete();
      await trx('receivable_balances').delete();
      await trx('receivable_due_changes').delete();
      await trx('receivable_due_balances').delete();
      await fillReceivablesFromLines(trx);
    });
    expect(await tables()).toEqual(live);
  });

  it('puts an invoice in the bucket of its days past due, and shows overpayment as credit balance', async () => {
    const client = await createClient(admin, { name: 'Zeta Bucket Ltd' });
    const late = await createInvoice(admin, { client: client.id, date: '2026-08-01', due_date: '2026-08-15', items: [{ description: 'Audit', unit_price: 100, vat_rate: 0 }] });
    expect(late.total_amount).toBe(100);
    const over = await createInvoice(admin, { client: client.id, date: '2026-08-01', due_date: '2026-08-15', items: [{ description: 'Audit', unit_price: 50, vat_rate: 0 }] });
    await admin.post(`/api/invoices/${over.id}/send/`);
    await admin.post(`/api/invoices/${over.id}/payments/`, { amount: 80, date: '2026-08-10', method: 'cash' });
    const at = async (asOf: string) => (await admin.get(`/api/reports/aged-receivables/?as_of=${asOf}`)).body.clients.find((c: { client: string }) => c.client === 'Zeta Bucket Ltd');
    expect(await at('2026-08-15')).toMatchObject({ current: 100, days_1_30: 0, total: 100, credit_balance: 30 });
    expect(await at('2026-09-14')).toMatchObject({ current: 0, days_1_30: 100 });
    expect(await at('2026-09-15')).toMatchObject({ days_1_30: 0, days_31_60: 100 });
    expect(await at('2026-10-14')).toMatchObject({ days_31_60: 100 });
    expect(await at('2026-10-15')).toMatchObject({ days_61_90: 100 });
    expect(await at('2026-11-13')).toMatchObject({ days_61_90: 100 });
    expect(await at('2026-11-14')).toMatchObject({ days_61_90: 0, over_90: 100 });
    // The excess is the client's credit balance on its page too.
    expect((await admin.get(`/api/clients/${client.id}/`)).body.credit_balance).toBe(30);
    const gql = await admin.graphql('query($id: ID!) { client(id: $id) { creditBalance } }', { id: client.id });
    expect(gql.body.data.client.creditBalance).toBe(30);
    // Before the invoices existed the client owed nothing.
    expect(await at('2026-07-31')).toBeUndefined();
  });

  it('refuses a from date and a malformed day', async () => {
    const res = await admin.get('/api/reports/aged-receivables/?from=2026-01-01');
    expect(res.status).toBe(400);
    expect((await admin.get('/api/reports/aged-receivables/?as_of=2026-13-01')).status).toBe(400);
  });
});
