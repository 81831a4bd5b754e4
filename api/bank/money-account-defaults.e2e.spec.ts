import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOT_DELETED, PAYOUT_NOT_CASH, TRANSFER_NOT_CASH, UNKNOWN_ACCOUNT } from '../../domain/bank/money-account';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';

const DE = 'DE89370400440532013000';
const NONE = { bank: null, manual: null, cash: null, other: null, payout: null };

describe.each(testBackends())('money account defaults over HTTP on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let ids: Record<'Bank' | 'Cash on Hand' | 'Savings' | 'Safe', string>;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
    expect((await admin.post('/api/bank-accounts/', { name: 'Savings', iban: DE })).status).toBe(201);
    expect((await admin.post('/api/bank-accounts/', { name: 'Safe', kind: 'cash' })).status).toBe(201);
    ids = Object.fromEntries(((await admin.get('/api/bank-accounts/')).body as Array<{ id: string; name: string }>).map((a) => [a.name, a.id])) as typeof ids;
  });
  afterAll(() => server?.close());

  const balances = async () => Object.fromEntries(((await admin.get('/api/bank-accounts/')).body as Array<{ name: string; ledger_balance: number }>).map((a) => [a.name, a.ledger_balance]));

  it('starts with none chosen, and refuses an unknown account and cash for transfers and payouts, writing nothing', async () => {
    expect((await admin.get('/api/money-account-defaults/')).body).toEqual(NONE);
    const refused = await admin.put('/api/money-account-defaults/', { bank: ids['Cash on Hand'], payout: ids.Safe, other: '00000000-0000-4000-8000-000000000000', manual: 'not-an-id', cash: ids.Safe });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['manual']);
    const wrong = await admin.put('/api/money-account-defaults/', { bank: ids['Cash on Hand'], payout: ids.Safe, other: '00000000-0000-4000-8000-000000000000', cash: ids.Safe });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ bank: [TRANSFER_NOT_CASH], payout: [PAYOUT_NOT_CASH], other: [UNKNOWN_ACCOUNT] });
    expect((await admin.get('/api/money-account-defaults/')).body).toEqual(NONE);
    expect(Number((await server.testDb.db('audit_log').where({ entity: 'money_account_defaults' }).count<{ count: string }[]>('* as count'))[0]!.count)).toBe(0);
  });

  it('saves each purpose’s account, audited, and deposits payments recorded by hand there (the rest by the built-in rule)', async () => {
    const saved = await admin.put('/api/money-account-defaults/', { bank: ids.Savings, cash: ids.Safe, payout: ids.Savings });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ ...NONE, bank: ids.Savings, cash: ids.Safe, payout: ids.Savings });
    expect((await admin.get('/api/money-account-defaults/')).body).toEqual(saved.body);
    const audit = await server.testDb.db('audit_log').where({ entity: 'money_account_defaults' }).select('action', 'before', 'after');
    expect(audit).toHaveLength(1);
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect([audit[0]!.action, json(audit[0]!.before), json(audit[0]!.after)]).toEqual(['update', NONE, saved.body]);

    const client = await createClient(admin, { name: 'Defaults Ltd', email: 'defaults@test.example' });
    const invoice = await createInvoice(admin, { client: client.id, date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'Audit', unit_price: 1000 }] });
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    const start = await balances();
    const pay = (body: Record<string, unknown>) => admin.post(`/api/invoices/${invoice.id}/payments/`, { date: '2026-03-10', ...body });
    expect((await pay({ amount: 100, method: 'bank_transfer' })).status).toBe(201);
    expect((await pay({ amount: 20, method: 'cash' })).status).toBe(201);
    // No default for "other": the built-in rule, the default bank account (Bank).
    expect((await pay({ amount: 7, method: 'other' })).status).toBe(201);
    // Named by hand still wins over the default.
    expect((await pay({ amount: 3, method: 'cash', deposited_to: ids['Cash on Hand'] })).status).toBe(201);
    const moved = async () => {
      const now = await balances();
      return Object.fromEntries(Object.keys(now).map((k) => [k, Math.round((now[k]! - (start[k] ?? 0)) * 100) / 100]));
    };
    await expect.poll(moved, { timeout: 20_000 }).toEqual({ Bank: 7, 'Cash on Hand': 3, Savings: 100, Safe: 20 });
  });

  it('refuses to delete an account that is a default until another is chosen', async () => {
    const spare = await admin.post('/api/bank-accounts/', { name: 'Spare', kind: 'cash' });
    expect(spare.status).toBe(201);
    expect((await admin.put('/api/money-account-defaults/', { manual: spare.body.id })).status).toBe(200);
    const refused = await admin.delete(`/api/bank-accounts/${spare.body.id}/`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(DEFAULT_NOT_DELETED);
    // PUT replaces every purpose: the ones left out go back to the built-in rule.
    expect((await admin.put('/api/money-account-defaults/', {})).body).toEqual(NONE);
    expect((await admin.delete(`/api/bank-accounts/${spare.body.id}/`)).status).toBe(204);
  });

  it('serves the same over GraphQL, superusers only', async () => {
    const q = `{ moneyAccountDefaults { bank manual cash other payout } }`;
    const set = `mutation($input: MoneyAccountDefaultsInput!) { updateMoneyAccountDefaults(input: $input) { bank manual cash other payout } }`;
    const made = await admin.graphql(set, { input: { payout: ids.Savings, other: ids.Safe } });
    expect(made.body.errors).toBeUndefined();
    expect(made.body.data.updateMoneyAccountDefaults).toEqual({ ...NONE, payout: ids.Savings, other: ids.Safe });
    expect((await admin.graphql(q)).body.data.moneyAccountDefaults).toEqual(made.body.data.updateMoneyAccountDefaults);
    const refused = await admin.graphql(set, { input: { payout: ids.Safe } });
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: { payout: [PAYOUT_NOT_CASH] } });
    const anonymous = server.client();
    expect((await anonymous.get('/api/money-account-defaults/')).status).toBe(401);
    expect((await anonymous.graphql(q)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
