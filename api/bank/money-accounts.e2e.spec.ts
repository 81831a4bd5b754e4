import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';

const GR = 'GR16 0110 1250 0000 0001 2300 695';
const DE = 'DE89370400440532013000';

describe.each(testBackends())('bank accounts over HTTP on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  /** The chart of accounts' row of a ledger account (active accounts only), as REST lists it. */
  const ledgerAccount = async (id: string) => ((await admin.get('/api/accounts/')).body as Array<{ id: string }>).find((a) => a.id === id);

  it('starts with the books’ Bank as the default bank account and Cash on Hand, on their system ledger accounts', async () => {
    const res = await admin.get('/api/bank-accounts/');
    expect(res.status).toBe(200);
    expect(res.body.map((a: { name: string; kind: string; is_default: boolean; ledger_account: { id: string; code: string } }) => [a.name, a.kind, a.is_default, a.ledger_account.id, a.ledger_account.code])).toEqual([
      ['Bank', 'bank', true, SYSTEM_ACCOUNT_IDS.bank, '1000'],
      ['Cash on Hand', 'cash', false, SYSTEM_ACCOUNT_IDS.cashOnHand, '1050'],
    ]);
  });

  it('creates a bank account with its own cash ledger account, checks IBAN and BIC, and moves the default to it', async () => {
    const created = await admin.post('/api/bank-accounts/', { name: 'Piraeus Bank EUR', iban: GR.toLowerCase(), bic: 'piraGRAA', is_default: true });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ name: 'Piraeus Bank EUR', kind: 'bank', iban: GR, bic: 'PIRAGRAA', is_default: true, ledger_balance: 0, ledger_account: { code: '1001', name: 'Piraeus Bank EUR' } });
    expect(await ledgerAccount(created.body.ledger_account.id)).toMatchObject({ code: '1001', account_name: 'Piraeus Bank EUR', type: 'asset', cash_flow_class: 'cash' });
    const list = (await admin.get('/api/bank-accounts/')).body as Array<{ name: string; is_default: boolean }>;
    expect(list.filter((a) => a.is_default).map((a) => a.name)).toEqual(['Piraeus Bank EUR']);

    // Renamed: its ledger account follows; the old default cannot stop being the default by itself.
    const renamed = await admin.put(`/api/bank-accounts/${created.body.id}/`, { name: 'Piraeus Current', iban: GR, bic: 'PIRAGRAA', is_default: true, version: created.body.version });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await ledgerAccount(created.body.ledger_account.id)).toMatchObject({ account_name: 'Piraeus Current' });
    const undefaulted = await admin.put(`/api/bank-accounts/${created.body.id}/`, { name: 'Piraeus Current', iban: GR, is_default: false });
    expect(undefaulted.status).toBe(400);
    expect(undefaulted.body.errors).toHaveProperty('is_default');
  });

  it('refuses what is wrong with a 400 naming the field, writing nothing', async () => {
    const before = await server.testDb.db('money_accounts').count<{ count: string }[]>('* as count');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '', iban: DE }, 'name'],
      [{ name: 'No IBAN' }, 'iban'],
      [{ name: 'Bad digits', iban: 'DE89370400440532013001' }, 'iban'],
      [{ name: 'Too long for Greece', iban: 'GR1601101250000000012300695' + '0' }, 'iban'],
      [{ name: 'Bad BIC', iban: DE, bic: 'NOTABIC!' }, 'bic'],
      [{ name: 'Till', kind: 'cash', iban: DE }, 'iban'],
      [{ name: 'Till', kind: 'cash', is_default: true }, 'is_default'],
      [{ name: 'Piraeus Current', iban: DE }, 'name'],
      [{ name: 'Same IBAN', iban: GR }, 'iban'],
      [{ name: 'Wallet', kind: 'crypto' }, 'kind'],
      [{ name: 'Line\nbreak', iban: DE }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/bank-accounts/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await server.testDb.db('money_accounts').count<{ count: string }[]>('* as count')).toEqual(before);
  });

  it('deletes an unused account with its ledger account, never the system ones or the default', async () => {
    const spare = await admin.post('/api/bank-accounts/', { name: 'Spare', iban: DE });
    expect(spare.status, spare.text).toBe(201);
    expect((await admin.delete(`/api/bank-accounts/${spare.body.id}/`)).status).toBe(204);
    expect(spare.body.ledger_account.code).toBe('1002');
    expect(await ledgerAccount(spare.body.ledger_account.id)).toBeUndefined();
    const list = (await admin.get('/api/bank-accounts/')).body as Array<{ id: string; name: string }>;
    const cash = list.find((a) => a.name === 'Cash on Hand')!;
    expect((await admin.delete(`/api/bank-accounts/${cash.id}/`)).status).toBe(400);
    const bank = list.find((a) => a.name === 'Bank')!;
    expect((await admin.delete(`/api/bank-accounts/${bank.id}/`)).status).toBe(400);
  });

  it('serves the same over GraphQL, superusers only', async () => {
    const q = `{ moneyAccounts { name kind iban isDefault ledgerBalance ledgerAccount { code } } }`;
    const res = await admin.graphql(q);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.moneyAccounts[0]).toMatchObject({ name: 'Piraeus Current', kind: 'bank', iban: GR, isDefault: true, ledgerAccount: { code: '1001' } });
    const made = await admin.graphql(`mutation($input: MoneyAccountInput!) { createMoneyAccount(input: $input) { name kind iban ledgerAccount { code } } }`, { input: { name: 'Petty cash', kind: 'cash' } });
    expect(made.body.errors).toBeUndefined();
    expect(made.body.data.createMoneyAccount).toMatchObject({ name: 'Petty cash', kind: 'cash', iban: null });
    const refused = await admin.graphql(`mutation($input: MoneyAccountInput!) { createMoneyAccount(input: $input) { id } }`, { input: { name: 'X', iban: 'GR00' } });
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    const anonymous = server.client();
    expect((await anonymous.get('/api/bank-accounts/')).status).toBe(401);
    expect((await anonymous.graphql(q)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('deposits payments recorded by hand where the admin says, else cash in the cash box and transfers in the default bank account', async () => {
    const client = await createClient(admin, { name: 'Deposit Test Ltd', email: 'dep@test.example' });
    const accounts = async () => Object.fromEntries(((await admin.get('/api/bank-accounts/')).body as Array<{ id: string; name: string; ledger_balance: number }>).map((a) => [a.name, a]));
    const start = await accounts();
    const balance = async (name: string) => (await accounts())[name]!.ledger_balance - start[name]!.ledger_balance;
    const invoice = await createInvoice(admin, { client: client.id, date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'Audit', unit_price: 1000 }] });
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    const pay = (body: Record<string, unknown>) => admin.post(`/api/invoices/${invoice.id}/payments/`, { date: '2026-03-10', ...body });
    // Named: into that account (the default is Piraeus Current by now).
    expect((await pay({ amount: 100, method: 'bank_transfer', deposited_to: start['Petty cash']!.id })).status).toBe(201);
    // Not named: cash into the cash box, a transfer into the default bank account.
    expect((await pay({ amount: 20, method: 'cash' })).status).toBe(201);
    expect((await pay({ amount: 30, method: 'bank_transfer' })).status).toBe(201);
    // Refused, nothing written: an unknown account, and a card payment named into a bank account.
    const unknown = await pay({ amount: 5, method: 'cash', deposited_to: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('deposited_to');
    const card = await pay({ amount: 5, method: 'card', deposited_to: start['Petty cash']!.id });
    expect(card.status).toBe(400);
    expect(card.body.errors).toHaveProperty('deposited_to');
    // Marked as paid: the rest (850.00) is a bank transfer into the default bank account.
    expect((await admin.post(`/api/invoices/${invoice.id}/mark_as_paid/`)).status).toBe(200);
    await expect.poll(() => balance('Piraeus Current'), { timeout: 20_000 }).toBe(880);
    expect(await balance('Petty cash')).toBe(100);
    expect(await balance('Cash on Hand')).toBe(20);
    expect(await balance('Bank')).toBe(0);
    // Over GraphQL too.
    const other = await createInvoice(admin, { client: client.id, date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'Review', unit_price: 50 }] });
    await admin.post(`/api/invoices/${other.id}/send/`);
    const res = await admin.graphql(`mutation($id: ID!, $input: InvoicePaymentInput!) { recordInvoicePayment(invoiceId: $id, input: $input) { id } }`, {
      id: other.id,
      input: { amount: 50, date: '2026-03-11', method: 'cash', depositedTo: start['Bank']!.id },
    });
    expect(res.body.errors).toBeUndefined();
    await expect.poll(() => balance('Bank'), { timeout: 20_000 }).toBe(50);
  });
});
