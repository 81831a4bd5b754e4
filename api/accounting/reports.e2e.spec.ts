import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../../domain/accounting/accounts';
import { invoiceEntryId } from '../../domain/accounting/postings';
import { invoiceStreamId, type InvoiceEvent } from '../../domain/invoice/events';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { UserService } from '../auth/user.service';

const RENT = 'a0000000-0000-4000-8000-000000005100';
const LOANS = 'a0000000-0000-4000-8000-000000002500';
const EQUIPMENT = 'a0000000-0000-4000-8000-000000001500';
const totals = { netCents: 100000, vatCents: 19000, grossCents: 119000 };

describe.each(testBackends())('accounting reports over REST and GraphQL on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  const invoiceId = randomUUID();
  const paymentId = randomUUID();

  /** Billing's events, appended as billing will: in the invoice stream, in the contract's shapes. */
  const appendInvoice = async (events: InvoiceEvent[]) => {
    const store = server.runtime.deps.eventStore;
    const result = await store.append(invoiceStreamId(invoiceId), events.map((e) => ({ type: e.type, data: e.data, metadata: { actor: 'system', schemaVersion: 1 } })));
    const ok = await server.runtime.deps.projections.waitFor(result.position, { timeoutMs: 10_000 });
    if (!ok) console.log(JSON.stringify(await server.runtime.deps.projections.status()));
    expect(ok).toBe(true);
  };

  const gql = async (query: string, variables?: Record<string, unknown>) => {
    const res = await admin.graphql(query, variables);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { data: Record<string, any>; errors?: Array<{ message: string; extensions: { code: string; fieldErrors?: Record<string, string[]> } }> };
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-06-15T12:00:00Z') });
    await new UserService(server.testDb.db).create({ username: 'client1', password: 'client-password-1' });
    admin = server.client();
    await admin.login();
    await appendInvoice([
      {
        type: 'InvoiceIssued',
        data: { invoiceId, invoiceNumber: 'INV-0001', clientId: randomUUID(), date: '2026-02-01', dueDate: '2026-03-01', lines: [], totals, period: { subscriptionId: randomUUID(), start: '2026-02-01', end: '2026-03-01' }, parties: null },
      },
      { type: 'PaymentRecorded', data: { invoiceId, paymentId, amountCents: 119000, date: '2026-02-20', method: 'stripe', reference: 'pi_123' } },
    ]);
    const multi = (lines: Array<[string, number, number]>, date: string) =>
      gql('mutation ($input: JournalEntryInput!) { recordJournalEntry(input: $input) { id } }', {
        input: { date, description: 'test', lines: lines.map(([accountId, debit, credit]) => ({ accountId, debit, credit })) },
      });
    await multi([[A.bank, 50000, 0], [LOANS, 0, 50000]], '2026-01-10');
    await multi([[EQUIPMENT, 2000, 0], [A.bank, 0, 2000]], '2026-03-05');
    await multi([[RENT, 1500.55, 0], [A.bank, 0, 1500.55]], '2026-04-01');
  });
  afterAll(() => server?.close());

  it("income statement in monthly and quarterly columns: each column is that period's statement, and they add up to the year", async () => {
    const shape = 'from to totalRevenue totalExpenses netIncome revenues { account balance } expenses { account balance }';
    const { data, errors } = await gql(`{ incomeStatementColumns(fiscalYear: 2026) { from to columns { ${shape} } } }`);
    expect(errors).toBeUndefined();
    const year = data.incomeStatementColumns;
    expect([year.from, year.to]).toEqual(['2026-01-01', '2026-12-31']);
    expect(year.columns.map((c: { from: string }) => c.from)).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`));
    for (const column of year.columns) {
      const single = (await gql(`query ($from: String, $to: String) { incomeStatement(from: $from, to: $to) { ${shape} } }`, { from: column.from, to: column.to })).data.incomeStatement;
      expect(column).toEqual(single);
    }
    expect(year.columns[1]).toMatchObject({ totalRevenue: 1000, netIncome: 1000 });
    expect(year.columns[3]).toMatchObject({ totalExpenses: 1500.55, netIncome: -1500.55 });
    const whole = (await gql(`{ incomeStatement(from: "2026-01-01", to: "2026-12-31") { netIncome } }`)).data.incomeStatement;
    const sum = year.columns.reduce((s: number, c: { netIncome: number }) => s + Math.round(c.netIncome * 100), 0);
    expect(sum).toBe(Math.round(whole.netIncome * 100));

    const quarters = (await gql(`{ incomeStatementColumns(fiscalYear: 2026, quarterly: true) { columns { from to netIncome } } }`)).data.incomeStatementColumns.columns;
    expect(quarters).toEqual([
      { from: '2026-01-01', to: '2026-03-31', netIncome: 1000 },
      { from: '2026-04-01', to: '2026-06-30', netIncome: -1500.55 },
      { from: '2026-07-01', to: '2026-09-30', netIncome: 0 },
      { from: '2026-10-01', to: '2026-12-31', netIncome: 0 },
    ]);
    // The current fiscal year by default; a year out of range is a field error.
    expect((await gql('{ incomeStatementColumns { from } }')).data.incomeStatementColumns.from).toBe('2026-01-01');
    const bad = await gql('{ incomeStatementColumns(fiscalYear: 12) { from } }');
    expect(bad.errors?.[0]?.extensions.fieldErrors?.fiscalYear).toBeDefined();
  });

  it('income statement: revenue from the invoice, expenses from the journal, in the spec shape', async () => {
    const res = await admin.get('/api/reports/income-statement/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      revenues: [{ account: 'Subscription Revenue', balance: 1000 }],
      expenses: [{ account: 'Rent', balance: 1500.55 }],
      total_revenue: 1000,
      total_expenses: 1500.55,
      net_income: -500.55,
      from: '2026-01-01',
      to: '2026-12-31',
    });
    const feb = await admin.get('/api/reports/income-statement/?from=2026-02-01&to=2026-02-28');
    expect(feb.body).toMatchObject({ total_revenue: 1000, total_expenses: 0, net_income: 1000 });
    const march = await admin.get('/api/reports/income-statement/?as_of=2026-03-31');
    expect(march.body.net_income).toBe(1000);
  });

  it('balance sheet balances, with current-period earnings in equity', async () => {
    const res = await admin.get('/api/reports/balance-sheet/?as_of=2026-04-30');
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.total_assets).toBe(b.total_liabilities_and_equity);
    expect(b.assets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: 'Bank', balance: 50000 - 2000 - 1500.55 }),
        expect.objectContaining({ account: 'Stripe Clearing', balance: 1190 }),
        expect.objectContaining({ account: 'Equipment', balance: 2000 }),
      ]),
    );
    expect(b.assets.find((l: { account: string }) => l.account === 'Accounts Receivable')).toBeUndefined();
    expect(b.liabilities).toEqual(expect.arrayContaining([expect.objectContaining({ account: 'VAT Payable', balance: 190 }), expect.objectContaining({ account: 'Loans', balance: 50000 })]));
    expect(b.equity).toEqual([expect.objectContaining({ account: 'Current period earnings', balance: -500.55 })]);
    expect(b).toMatchObject({ total_liabilities: 50190, total_equity: -500.55, total_liabilities_and_equity: 49689.45 });
    const early = await admin.get('/api/reports/balance-sheet/?as_of=2026-02-10');
    expect(early.body.assets).toEqual(expect.arrayContaining([expect.objectContaining({ account: 'Accounts Receivable', balance: 1190 })]));
  });

  it('cash flow: indirect method, sections add up to the change in cash', async () => {
    const res = await admin.get('/api/reports/cash-flow/?from=2026-01-01&to=2026-12-31');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      net_income: -500.55,
      cash_from_operations: -500.55 + 190,
      cash_from_investing: -2000,
      cash_from_financing: 50000,
      net_cash_flow: 50000 - 2000 - 1500.55 + 1190,
      operating_adjustments: [{ account: 'VAT Payable', account_id: A.vatPayable, balance: 190 }],
      investing: [{ account: 'Equipment', account_id: EQUIPMENT, balance: -2000 }],
      financing: [{ account: 'Loans', account_id: LOANS, balance: 50000 }],
      opening_cash: 0,
      closing_cash: 47689.45,
      from: '2026-01-01',
      to: '2026-12-31',
    });
    // Opening cash is the cash balance the day before the period; closing = opening + net cash flow.
    const spring = await admin.get('/api/reports/cash-flow/?from=2026-03-01&to=2026-04-30');
    expect(spring.body).toMatchObject({ opening_cash: 50000 + 1190, net_cash_flow: -3500.55, closing_cash: 51190 - 3500.55 });
    const { data } = await gql('{ cashFlow(from: "2026-03-01", to: "2026-04-30") { openingCash closingCash netCashFlow investing { account balance } } }');
    expect(data.cashFlow).toEqual({ openingCash: 51190, closingCash: 47689.45, netCashFlow: -3500.55, investing: [{ account: 'Equipment', balance: -2000 }] });
  });

  it('compares the income statement with the previous period or year, and the balance sheet with a month or a year earlier', async () => {
    const march = await admin.get('/api/reports/income-statement/?from=2026-03-01&to=2026-03-31&compare=previous_period');
    expect(march.status).toBe(200);
    expect(march.body).toMatchObject({ from: '2026-03-01', to: '2026-03-31', net_income: 0, comparison: { kind: 'previous_period', from: '2026-02-01', to: '2026-02-28', total_revenue: 1000, net_income: 1000 } });
    const q2 = await admin.get('/api/reports/income-statement/?from=2026-04-01&to=2026-06-30&compare=previous_period');
    expect(q2.body.comparison).toMatchObject({ from: '2026-01-01', to: '2026-03-31', net_income: 1000 });
    expect(q2.body.net_income).toBe(-1500.55);
    const lastYear = await admin.get('/api/reports/income-statement/?compare=previous_year');
    expect(lastYear.body.comparison).toMatchObject({ kind: 'previous_year', from: '2025-01-01', to: '2025-12-31', net_income: 0, revenues: [] });
    expect((await admin.get('/api/reports/income-statement/')).body.comparison).toBeUndefined();

    const bs = await admin.get('/api/reports/balance-sheet/?as_of=2026-04-30&compare=previous_period');
    expect(bs.body).toMatchObject({ as_of: '2026-04-30', total_assets: 49689.45, comparison: { kind: 'previous_period', as_of: '2026-03-31', total_assets: 51190 } });
    expect(bs.body.comparison.total_assets).toBe(bs.body.comparison.total_liabilities_and_equity);
    expect((await admin.get('/api/reports/balance-sheet/?as_of=2026-04-30&compare=previous_year')).body.comparison).toMatchObject({ as_of: '2025-04-30', total_assets: 0 });

    for (const path of ['/api/reports/income-statement/?compare=last_week', '/api/reports/balance-sheet/?compare=1']) {
      const bad = await admin.get(path);
      expect(bad.status, path).toBe(400);
      expect(bad.body.errors.compare).toBeDefined();
    }

    const g = await gql(`{ incomeStatement(from: "2026-03-01", to: "2026-03-31", compare: PREVIOUS_PERIOD) { netIncome comparison { from to netIncome comparison { from } } }
      balanceSheet(asOf: "2026-04-30", compare: PREVIOUS_YEAR) { totalAssets comparison { asOf totalAssets } } }`);
    expect(g.errors).toBeUndefined();
    expect(g.data.incomeStatement).toEqual({ netIncome: 0, comparison: { from: '2026-02-01', to: '2026-02-28', netIncome: 1000, comparison: null } });
    expect(g.data.balanceSheet).toEqual({ totalAssets: 49689.45, comparison: { asOf: '2025-04-30', totalAssets: 0 } });
  });

  it('answers bad report dates with 400 and field errors', async () => {
    for (const q of ['from=2026-02-30', 'to=tomorrow', 'as_of=2026-13-01', 'from=2026-05-01&to=2026-04-01']) {
      const res = await admin.get(`/api/reports/income-statement/?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.errors).toBeDefined();
    }
    expect((await admin.get('/api/reports/balance-sheet/?as_of=31-12-2026')).status).toBe(400);
    expect((await admin.get('/api/reports/cash-flow/?to=x')).status).toBe(400);
    // A balance sheet is as of a day: a period start means nothing to it, so it is refused, not ignored.
    const withFrom = await admin.get('/api/reports/balance-sheet/?from=2026-01-01&to=2026-06-30');
    expect(withFrom.status).toBe(400);
    expect(withFrom.body.errors.from).toBeDefined();
  });

  it('answers reports as of the last representable day', async () => {
    const q = (day: string) =>
      gql(`{ trialBalance(asOf: "${day}") { totalDebit totalCredit } accountLedger(accountId: "${A.bank}", from: "2026-01-01", to: "${day}") { closingBalance } balanceSheet(asOf: "${day}") { totalAssets } }`);
    const [far, near] = [await q('9999-12-31'), await q('2026-12-31')];
    expect(far.errors).toBeUndefined();
    // Nothing is posted after 2026, so the end of time answers as the end of 2026 does.
    expect(far.data).toEqual(near.data);
    expect(far.data.trialBalance.totalDebit).toBeGreaterThan(0);
  });

  it('shows automatic postings with their invoice link, and refuses to edit them by hand', async () => {
    const entries = await gql('{ journalEntries(source: "invoice") { total items { id source sourceId invoiceId editable lines { accountName debit credit } } } }');
    expect(entries.data.journalEntries.total).toBe(1);
    const entry = entries.data.journalEntries.items[0];
    expect(entry).toMatchObject({ id: invoiceEntryId(invoiceId), source: 'invoice', sourceId: invoiceId, invoiceId, editable: false });
    expect(entry.lines).toEqual([
      { accountName: 'Accounts Receivable', debit: 1190, credit: 0 },
      { accountName: 'Subscription Revenue', debit: 0, credit: 1000 },
      { accountName: 'VAT Payable', debit: 0, credit: 190 },
    ]);
    const put = await admin.put(`/api/journal-entries/${entry.id}/`, { date: '2026-02-01', account: RENT, debit: 1 });
    expect(put.status).toBe(400);
    expect(put.body.message).toMatch(/automatically/);
    expect((await admin.delete(`/api/journal-entries/${entry.id}/`)).status).toBe(400);
    expect((await admin.get('/api/journal-entries/')).body.find((e: { id: string }) => e.id === entry.id)).toBeUndefined();
    const ledger = await gql(`{ accountLedger(accountId: "${A.receivables}", from: "2026-01-01", to: "2026-12-31") { openingBalance closingBalance lines { source sourceId invoiceId debit credit balance } } }`);
    expect(ledger.data.accountLedger.lines).toEqual([
      { source: 'invoice', sourceId: invoiceId, invoiceId, debit: 1190, credit: 0, balance: 1190 },
      { source: 'payment', sourceId: paymentId, invoiceId, debit: 0, credit: 1190, balance: 0 },
    ]);
    const history = await gql(`{ invoiceEventHistory(id: "${invoiceId}") { type actor } }`);
    expect(history.data.invoiceEventHistory.map((h: { type: string }) => h.type)).toEqual(['InvoiceIssued', 'PaymentRecorded']);
  });

  it('GraphQL rejects an unbalanced entry with a clear message and offers the trial balance', async () => {
    const res = await gql('mutation ($input: JournalEntryInput!) { recordJournalEntry(input: $input) { id } }', {
      input: { date: '2026-05-01', lines: [{ accountId: RENT, debit: 10 }, { accountId: A.bank, credit: 9.99 }] },
    });
    expect(res.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toBe('Debits (10.00) and credits (9.99) must be equal.');
    const tooPrecise = await gql('mutation ($input: JournalEntryInput!) { recordJournalEntry(input: $input) { id } }', {
      input: { date: '2026-05-01', lines: [{ accountId: RENT, debit: 1.005 }, { accountId: A.bank, credit: 1.005 }] },
    });
    expect(tooPrecise.errors?.[0]?.extensions.fieldErrors?.['lines.0.debit']).toBeDefined();
    const tb = await gql('{ trialBalance(asOf: "2026-12-31") { totalDebit totalCredit rows { account debit credit } } }');
    expect(tb.data.trialBalance.totalDebit).toBe(tb.data.trialBalance.totalCredit);
    const is = await gql('{ incomeStatement(from: "2026-01-01", to: "2026-12-31") { netIncome totalRevenue } balanceSheet(asOf: "2026-12-31") { totalAssets totalLiabilitiesAndEquity } cashFlow { netCashFlow from to } }');
    expect(is.data.incomeStatement).toEqual({ netIncome: -500.55, totalRevenue: 1000 });
    expect(is.data.balanceSheet.totalAssets).toBe(is.data.balanceSheet.totalLiabilitiesAndEquity);
    expect(is.data.cashFlow).toMatchObject({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('answers NOT_FOUND for unknown or malformed ids over GraphQL', async () => {
    const unknown = randomUUID();
    for (const query of [
      `{ journalEntry(id: "${unknown}") { id } }`,
      '{ journalEntry(id: "nope") { id } }',
      `{ journalEntryHistory(id: "${unknown}") { type } }`,
      `{ invoiceEventHistory(id: "${unknown}") { type } }`,
      `{ accountLedger(accountId: "${unknown}") { total } }`,
      `mutation { deleteJournalEntry(id: "${unknown}") }`,
      `mutation { renameAccount(id: "nope", accountName: "X") { id } }`,
    ]) {
      const res = await gql(query);
      expect(res.errors?.[0]?.extensions.code, query).toBe('NOT_FOUND');
    }
  });

  it('pages through journal entries, newest first, with a total', async () => {
    const first = await gql('{ journalEntries(page: { offset: 0, limit: 2 }) { total items { id date source } } }');
    const second = await gql('{ journalEntries(page: { offset: 2, limit: 2 }) { total items { id date source } } }');
    const all = [...first.data.journalEntries.items, ...second.data.journalEntries.items];
    expect(first.data.journalEntries.total).toBe(5);
    expect(first.data.journalEntries.items).toHaveLength(2);
    expect(new Set(all.map((e: { id: string }) => e.id)).size).toBe(4);
    const dates = all.map((e: { date: string }) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const q1 = await gql('{ journalEntries(from: "2026-01-01", to: "2026-02-28") { total items { date } } }');
    expect(q1.data.journalEntries.items.map((e: { date: string }) => e.date).sort()).toEqual(['2026-01-10', '2026-02-01', '2026-02-20']);
    const bad = await gql('{ journalEntries(page: { offset: 0, limit: 5000 }) { total } }');
    expect(bad.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('reverses a voided invoice in the reports', async () => {
    await appendInvoice([{ type: 'InvoiceVoided', data: { invoiceId, reason: 'voided', date: '2026-05-10', totals, originalDate: '2026-02-01' } }]);
    const after = await admin.get('/api/reports/income-statement/?from=2026-01-01&to=2026-12-31');
    expect(after.body.total_revenue).toBe(0);
    const feb = await admin.get('/api/reports/income-statement/?from=2026-02-01&to=2026-02-28');
    expect(feb.body.total_revenue).toBe(1000);
    const bs = await admin.get('/api/reports/balance-sheet/?as_of=2026-12-31');
    expect(bs.body.total_assets).toBe(bs.body.total_liabilities_and_equity);
  });

  it('manages the chart of accounts over GraphQL, superusers only', async () => {
    const created = await gql('mutation { createAccount(input: { accountName: "Consulting Costs", type: "expense", cashFlowClass: "operating" }) { id code accountName isActive isSystem } }');
    const account = created.data.createAccount;
    expect(account).toMatchObject({ accountName: 'Consulting Costs', isActive: true, isSystem: false });
    expect(account.code).toMatch(/^5\d{3}$/);
    const dup = await gql('mutation { createAccount(input: { accountName: "consulting costs", type: "expense", cashFlowClass: "operating" }) { id } }');
    expect(dup.errors?.[0]?.extensions.fieldErrors?.name).toBeDefined();
    const badClass = await gql('mutation { createAccount(input: { accountName: "Odd", type: "revenue", cashFlowClass: "cash" }) { id } }');
    expect(badClass.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    const renamed = await gql(`mutation { renameAccount(id: "${account.id}", accountName: "Consultants") { accountName } }`);
    expect(renamed.data.renameAccount.accountName).toBe('Consultants');
    const post = await admin.post('/api/journal-entries/', { date: '2026-06-01', account: account.id, debit: 5 });
    expect(post.status).toBe(201);
    const del = await gql(`mutation { deleteAccount(id: "${account.id}") }`);
    expect(del.errors?.[0]?.extensions.code).toBe('CONFLICT');
    const off = await gql(`mutation { setAccountActive(id: "${account.id}", active: false) { isActive } }`);
    expect(off.data.setAccountActive.isActive).toBe(false);
    expect((await admin.get('/api/accounts/')).body.find((a: { id: string }) => a.id === account.id)).toBeUndefined();
    const inactive = await admin.post('/api/journal-entries/', { date: '2026-06-01', account: account.id, debit: 5 });
    expect(inactive.status).toBe(400);
    expect(inactive.body.errors.account).toBeDefined();
    const system = await gql(`mutation { setAccountActive(id: "${A.suspense}", active: false) { isActive } }`);
    expect(system.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    const spare = await gql('mutation { createAccount(input: { accountName: "Spare", type: "asset", cashFlowClass: "investing", code: "1900" }) { id } }');
    expect(await gql(`mutation { deleteAccount(id: "${spare.data.createAccount.id}") }`)).toMatchObject({ data: { deleteAccount: true } });
    const clientUser = server.client();
    await clientUser.login('client1', 'client-password-1');
    const refused = await clientUser.graphql('mutation { createAccount(input: { accountName: "X", type: "asset", cashFlowClass: "operating" }) { id } }');
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const anon = await server.client().graphql('{ trialBalance { totalDebit } }');
    expect(anon.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
