import 'reflect-metadata';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../../domain/accounting/accounts';
import { invoiceEntryId, paymentEntryId } from '../../domain/accounting/postings';
import { createClientWithLogin, createInvoice } from '../../test/billing-fixtures';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { InvoiceService } from '../invoicing/invoice.service';
import { formatEuros } from '../../domain/shared/money';
import { pdfText } from '../../test/pdf-text';

const RENT = 'a0000000-0000-4000-8000-000000005100';
const LOCKED = 'The books are locked up to 2025-12-31.';
const LATE_PAYMENT = '0d1c2b3a-4f5e-4a6b-8c7d-9e0f1a2b3c4d';

const reportsOf2025 = async (admin: TestClient) => ({
  income: (await admin.get('/api/reports/income-statement/?from=2025-01-01&to=2025-12-31')).body,
  h2: (await admin.get('/api/reports/income-statement/?from=2025-07-01&to=2025-12-31')).body,
  balance: (await admin.get('/api/reports/balance-sheet/?as_of=2025-12-31')).body,
  cash: (await admin.get('/api/reports/cash-flow/?from=2025-01-01&to=2025-12-31')).body,
  trial: (await admin.graphql('{ trialBalance(asOf: "2025-12-31") { totalDebit rows { accountId debit credit } } }')).body.data,
  preClosing: (await admin.graphql('{ trialBalance(asOf: "2025-12-31", closing: EXCLUDE) { totalDebit rows { accountId debit credit } } }')).body.data,
});
type Reports2025 = Awaited<ReturnType<typeof reportsOf2025>>;

/**
 * A test's own books: its own server and database on 2026-03-15, the superuser signed in, and 2025
 * made: June rent of 100 (a journal entry), an invoice of 1,000 (2025-11-01) and one of 500
 * (2025-12-10, left open), both sent. 2025's net income is 1,400; nothing is locked, no year closed.
 */
interface Books {
  server: TestServer;
  admin: TestClient;
  reports2025: () => Promise<Reports2025>;
  linesOf: (entryId: string) => Promise<{ date: string; kind: string; debit_cents: string; credit_cents: string; account_id: string }[]>;
  download: (url: string) => Promise<{ status: number; body: Buffer }>;
  rentId: string;
  clientId: string;
  invoiceId: string;
  openInvoiceId: string;
  /** 2025's reports before anything was locked, corrected or closed. */
  before: Reports2025;
}

describe.each(testBackends())('period lock and year-end close on $name', (backend) => {
  // Each test has books of its own, opened before it: none relies on a period locked, or a year
  // closed, by another (any order passes: vitest --sequence.shuffle, or one test alone with -t).
  let books: Books;
  const servers: TestServer[] = [];
  beforeEach(async () => {
    const server = await startTestServer(backend, { clock: () => new Date('2026-03-15T12:00:00Z') });
    servers.push(server);
    const admin = server.client();
    await admin.login();
    const clientId = (await createClientWithLogin(server.runtime.deps, 'Lock Ltd')).id;
    const rent = await admin.post('/api/journal-entries/', { date: '2025-06-10', account: RENT, debit: 100, description: 'June rent' });
    expect(rent.status).toBe(201);
    const invoiceId = (await createInvoice(server.runtime.deps, clientId, 1000, '2025-11-01', '2025-12-01')).id;
    const openInvoiceId = (await createInvoice(server.runtime.deps, clientId, 500, '2025-12-10', '2026-01-10')).id;
    for (const id of [invoiceId, openInvoiceId]) await new InvoiceService(server.runtime.deps).send(id, 'test');
    // Setup, not the writes' read-your-writes (bounded at 5 s, which a busy machine can outlast):
    // 2025's reports are read once the read models have it all.
    const { eventStore, projections } = server.runtime.deps;
    expect(await projections.waitFor(await eventStore.headPosition(), { includeReactors: true, timeoutMs: 60_000 })).toBe(true);
    const before = await reportsOf2025(admin);
    expect(before.income.net_income).toBe(1400);
    // Nothing closed yet: the pre-closing trial balance is the trial balance.
    expect(before.preClosing).toEqual(before.trial);
    books = {
      server,
      admin,
      reports2025: () => reportsOf2025(admin),
      linesOf: (entryId) => server.testDb.db('ledger_lines').where({ entry_id: entryId }).orderBy('id').select('date', 'kind', 'debit_cents', 'credit_cents', 'account_id'),
      download: (url) => admin.download(url) as unknown as Promise<{ status: number; body: Buffer }>,
      rentId: rent.body.id,
      clientId,
      invoiceId,
      openInvoiceId,
      before,
    };
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  /** The superuser locks the books through the end of 2025. */
  const lock2025 = async () => {
    const res = await books.admin.put('/api/accounting/lock/', { locked_through: '2025-12-31' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.locked_through).toBe('2025-12-31');
  };
  /** Corrects the (locked) June rent from 100 to 150. */
  const correctRent = async () => {
    const fix = await books.admin.put(`/api/journal-entries/${books.rentId}/`, { date: '2025-06-10', account: RENT, debit: 150, description: 'June rent' });
    expect(fix.status).toBe(200);
  };
  /** Cancels the (locked) invoice of 2025-11-01: its credit note is dated today, in the open period. */
  const cancelLockedInvoice = async () => {
    expect((await books.admin.delete(`/api/invoices/${books.invoiceId}/`)).status).toBe(204);
  };
  /** The card payment of the open invoice, reported by the gateway for 2025-12-30, a locked day. */
  const latePayment = () =>
    new InvoiceService(books.server.runtime.deps).recordPayment(books.openInvoiceId, { paymentId: LATE_PAYMENT, amountCents: 50000, date: '2025-12-30', method: 'stripe', reference: 'pi_late' }, 'stripe');
  const closeYear2025 = async () => {
    const res = await books.admin.post('/api/accounting/year-end-close/', { fiscal_year: 2025 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res;
  };
  const reopenYear2025 = async (reason: string) => {
    const res = await books.admin.graphql(`mutation { reopenFiscalYear(fiscalYear: 2025, reason: ${JSON.stringify(reason)}) { lockedThrough closedYears { from } } }`);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data.reopenFiscalYear;
  };

  it('the superuser sets the lock over REST and GraphQL; every change is in the audit log', async () => {
    const { server, admin } = books;
    expect((await admin.get('/api/accounting/lock/')).body).toMatchObject({ locked_through: null, fiscal_year_start_month: 1, closed_years: [], current_fiscal_year: { from: '2026-01-01', to: '2026-12-31' } });
    const bad = await admin.put('/api/accounting/lock/', { locked_through: '2025-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.locked_through).toBeDefined();
    expect((await admin.put('/api/accounting/lock/', { locked_through: '2026-03-15' })).body).toMatchObject({ errors: { locked_through: ['The lock date must be before today.'] }, reason: 'LOCK_NOT_PAST' });
    const viaGraphql = await admin.graphql('mutation { setBooksLock(lockedThrough: "2025-09-30") { lockedThrough } }');
    expect(viaGraphql.body.data.setBooksLock).toEqual({ lockedThrough: '2025-09-30' });
    const res = await admin.put('/api/accounting/lock/', { locked_through: '2025-12-31' });
    expect(res.status).toBe(200);
    expect(res.body.locked_through).toBe('2025-12-31');
    expect((await admin.graphql('{ accountingSettings { lockedThrough fiscalYearStartMonth } }')).body.data.accountingSettings).toEqual({ lockedThrough: '2025-12-31', fiscalYearStartMonth: 1 });
    const audit = await server.testDb.db('audit_log').where({ entity: 'accounting_books' }).orderBy('id').select('after');
    expect(audit.map((a) => (typeof a.after === 'string' ? JSON.parse(a.after) : a.after).lockedThrough)).toEqual(['2025-09-30', '2025-12-31']);
  });

  it('refuses a new journal entry, invoice, payment or credit note dated on or before the lock', async () => {
    const { server, admin, clientId, invoiceId } = books;
    await lock2025();
    const entry = await admin.post('/api/journal-entries/', { date: '2025-12-31', account: RENT, debit: 5 });
    expect(entry.status).toBe(400);
    expect(entry.body).toEqual({ message: LOCKED, errors: { date: [LOCKED] }, reason: 'BOOKS_LOCKED', params: { date: '2025-12-31' } });
    const gql = await admin.graphql('mutation ($input: JournalEntryInput!) { recordJournalEntry(input: $input) { id } }', {
      input: { date: '2025-01-05', description: 'x', lines: [{ accountId: RENT, debit: 1 }, { accountId: A.bank, credit: 1 }] },
    });
    expect(gql.body.errors[0]).toMatchObject({ message: LOCKED, extensions: { code: 'BAD_USER_INPUT', reason: 'BOOKS_LOCKED', params: { date: '2025-12-31' } } });
    const invoices = new InvoiceService(server.runtime.deps);
    await expect(createInvoice(server.runtime.deps, clientId, 10, '2025-12-31', '2026-01-31')).rejects.toThrow(LOCKED);
    await expect(invoices.recordManualPayment({ invoiceId, amountCents: 1000, date: '2025-12-20', method: 'bank' }, 'admin-user')).rejects.toThrow(LOCKED);
    await expect(invoices.credit({ invoiceId, reason: 'Discount', date: '2025-12-20' }, 'admin-user')).rejects.toThrow(LOCKED);
    // The day after the lock is open.
    expect((await admin.post('/api/journal-entries/', { date: '2026-01-01', account: RENT, debit: 5 })).status).toBe(201);
  });

  it('posts the reversal and replacement of a correction in a locked period on the first open day', async () => {
    const { admin, rentId, linesOf } = books;
    await lock2025();
    await correctRent();
    expect((await linesOf(rentId)).map((l) => [l.date, l.kind, Number(l.debit_cents), Number(l.credit_cents)])).toEqual([
      ['2025-06-10', 'posting', 10000, 0],
      ['2025-06-10', 'posting', 0, 10000],
      ['2026-01-01', 'reversal', 0, 10000],
      ['2026-01-01', 'reversal', 10000, 0],
      ['2026-01-01', 'posting', 15000, 0],
      ['2026-01-01', 'posting', 0, 15000],
    ]);
    // Moving it into the locked period is a new posting there: refused.
    expect((await admin.put(`/api/journal-entries/${rentId}/`, { date: '2025-07-01', account: RENT, debit: 150 })).status).toBe(400);
    // Cancelling the locked invoice: its credit note is dated today, in the open period.
    await cancelLockedInvoice();
  });

  it('a gateway payment reported for a locked day is not lost: it posts on the first open day', async () => {
    const { server, openInvoiceId, linesOf } = books;
    await lock2025();
    await latePayment();
    const lines = await linesOf(paymentEntryId(LATE_PAYMENT));
    expect(lines.map((l) => l.date)).toEqual(['2026-01-01', '2026-01-01']);
    // The payment itself keeps the day it was made.
    const history = await new InvoiceService(server.runtime.deps).history(openInvoiceId);
    expect(history.find((h) => h.type === 'PaymentRecorded')?.data).toMatchObject({ date: '2025-12-30' });
  });

  it('reports for periods ending on or before the lock date are unchanged by all of that', async () => {
    const { admin, invoiceId, before, linesOf } = books;
    await lock2025();
    // All of that: refused writes into the locked period, an entry on the first open day, the
    // correction of a locked entry, the cancelled locked invoice and the payment for a locked day.
    expect((await admin.post('/api/journal-entries/', { date: '2025-12-31', account: RENT, debit: 5 })).status).toBe(400);
    expect((await admin.post('/api/journal-entries/', { date: '2026-01-01', account: RENT, debit: 5 })).status).toBe(201);
    await correctRent();
    await cancelLockedInvoice();
    await latePayment();
    expect(await books.reports2025()).toEqual(before);
    expect((await linesOf(invoiceEntryId(invoiceId))).every((l) => l.date === '2025-11-01' || l.date >= '2026-01-01')).toBe(true);
  });

  it('year-end close: closing entry to Retained Earnings, year locked, closing twice is harmless', async () => {
    const { server, admin, before, linesOf, download } = books;
    expect((await admin.post('/api/accounting/year-end-close/', { fiscal_year: 2026 })).status).toBe(400);
    const res = await closeYear2025();
    expect(res.body).toMatchObject({ locked_through: '2025-12-31', closed_years: [{ from: '2025-01-01', to: '2025-12-31' }] });
    const closing = await server.testDb.db('ledger_entries').where({ source_type: 'year_end_close' });
    expect(closing).toHaveLength(1);
    const lines = await linesOf(closing[0].entry_id);
    expect(lines.every((l) => l.date === '2025-12-31')).toBe(true);
    expect(lines.find((l) => l.account_id === A.retainedEarnings)).toMatchObject({ credit_cents: expect.anything() });
    expect(Number(lines.find((l) => l.account_id === A.retainedEarnings)!.credit_cents)).toBe(140000);

    const after = await books.reports2025();
    expect(after.income).toEqual(before.income);
    expect(after.cash).toEqual(before.cash);
    expect(after.balance.total_assets).toBe(before.balance.total_assets);
    expect(after.balance.total_liabilities_and_equity).toBe(before.balance.total_liabilities_and_equity);
    expect(after.balance.equity).toEqual([
      { account: 'Retained Earnings', account_id: A.retainedEarnings, balance: 1400 },
      { account: 'Current period earnings', account_id: null, balance: 0 },
    ]);
    // The closed year in monthly columns: the closing entry (on December 31) is not a December result.
    const columns = (await admin.graphql('{ incomeStatementColumns(fiscalYear: 2025) { columns { netIncome } } }')).body.data.incomeStatementColumns.columns as { netIncome: number }[];
    expect(columns.reduce((sum, c) => sum + Math.round(c.netIncome * 100), 0)).toBe(140000);
    const revenueRow = after.trial.trialBalance.rows.find((r: { accountId: string }) => r.accountId === A.servicesRevenue);
    expect(revenueRow).toBeUndefined();
    // The locked trial balance can still be reproduced: without the closing entry it is what it was.
    expect(after.preClosing).toEqual(before.preClosing);
    const preClosingPdf = pdfText((await download('/api/reports/trial-balance/export/?as_of=2025-12-31&closing=exclude&format=pdf&lang=en')).body);
    expect(preClosingPdf).toEqual(expect.arrayContaining(['Trial balance (before the year-end closing entry)', formatEuros(Math.round(before.preClosing.trialBalance.totalDebit * 100))]));
    expect((await admin.get('/api/reports/trial-balance/export/?as_of=2025-12-31&closing=maybe')).status).toBe(400);
    // In 2026 the balance sheet shows last year's result from the account itself.
    const now = (await admin.get('/api/reports/balance-sheet/?as_of=2026-03-15')).body;
    expect(now.equity.find((l: { account: string }) => l.account === 'Retained Earnings').balance).toBe(1400);
    expect(now.total_assets).toBe(now.total_liabilities_and_equity);

    await closeYear2025();
    expect((await linesOf(closing[0].entry_id)).length).toBe(lines.length);
    const unlock = await admin.put('/api/accounting/lock/', { locked_through: '2025-06-30' });
    expect(unlock.status).toBe(400);
    expect(unlock.body.errors.locked_through[0]).toMatch(/reopen it/);
    expect(unlock.body).toMatchObject({ reason: 'YEAR_CLOSED', params: { from: '2025-01-01', to: '2025-12-31' } });
  });

  it('reopening (superuser, with a reason) reverses the closing entry and unlocks the year', async () => {
    const { server, admin, before } = books;
    await closeYear2025();
    const noReason = await admin.post('/api/accounting/year-end-reopen/', { fiscal_year: 2025, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBeDefined();
    expect(noReason.body.reason).toBe('REASON_REQUIRED');
    expect(await reopenYear2025('Supplier invoice found')).toEqual({ lockedThrough: '2024-12-31', closedYears: [] });
    const after = await books.reports2025();
    expect(after).toEqual(before);
    const audit = await server.testDb.db('audit_log').where({ entity: 'accounting_books', entity_id: 'FiscalYearReopened' }).first('after', 'actor');
    expect(JSON.stringify(audit.after)).toContain('Supplier invoice found');
    // With no closed year the fiscal year may start in another month; reports' default period follows it.
    const fy = await admin.put('/api/accounting/fiscal-year/', { fiscal_year_start_month: 7 });
    expect(fy.body).toMatchObject({ fiscal_year_start_month: 7, current_fiscal_year: { from: '2025-07-01', to: '2026-06-30' } });
    expect((await admin.get('/api/reports/income-statement/')).body).toMatchObject({ from: '2025-07-01', to: '2026-06-30' });
    expect((await admin.put('/api/accounting/fiscal-year/', { fiscal_year_start_month: 13 })).body.errors.fiscal_year_start_month).toBeDefined();
    const gqlMonth = await admin.graphql('mutation { setFiscalYearStartMonth(month: 0) { fiscalYearStartMonth } }');
    expect(gqlMonth.body.errors[0].extensions.fieldErrors).toEqual({ month: ['Choose a month from 1 (January) to 12 (December).'] });
    expect((await admin.put('/api/accounting/fiscal-year/', { fiscal_year_start_month: 1 })).status).toBe(200);
  });

  it('closes the year again after reopening it: the same closing entry, now with what was posted in between', async () => {
    const { server, admin, linesOf } = books;
    await closeYear2025();
    expect(await reopenYear2025('Supplier invoice found')).toEqual({ lockedThrough: '2024-12-31', closedYears: [] });
    // Reopened, 2025 takes postings again.
    const late = await admin.post('/api/journal-entries/', { date: '2025-12-20', account: RENT, debit: 40, description: 'Late supplier invoice' });
    expect(late.status).toBe(201);
    const income = (await admin.get('/api/reports/income-statement/?from=2025-01-01&to=2025-12-31')).body;
    expect(income.net_income).toBe(1360);
    const res = await closeYear2025();
    expect(res.body).toMatchObject({ locked_through: '2025-12-31', closed_years: [{ from: '2025-01-01', to: '2025-12-31' }] });
    // One closing entry, in its third version: net, it moves only this close's result.
    const closing = await server.testDb.db('ledger_entries').where({ source_type: 'year_end_close' });
    expect(closing).toHaveLength(1);
    const lines = await linesOf(closing[0].entry_id);
    const net = (account: string) => lines.filter((l) => l.account_id === account).reduce((sum, l) => sum + Number(l.credit_cents) - Number(l.debit_cents), 0);
    expect(net(A.retainedEarnings)).toBe(136000);
    expect(net(A.servicesRevenue)).toBe(-150000);
    expect(net(RENT)).toBe(14000);
    expect(lines.every((l) => l.date === '2025-12-31')).toBe(true);
    expect((await admin.get('/api/reports/income-statement/?from=2025-01-01&to=2025-12-31')).body).toEqual(income);
    const sheet = (await admin.get('/api/reports/balance-sheet/?as_of=2025-12-31')).body;
    expect(sheet.equity).toEqual([
      { account: 'Retained Earnings', account_id: A.retainedEarnings, balance: 1360 },
      { account: 'Current period earnings', account_id: null, balance: 0 },
    ]);
    expect(sheet.total_assets).toBe(sheet.total_liabilities_and_equity);
    const late2025 = await admin.post('/api/journal-entries/', { date: '2025-12-31', account: RENT, debit: 1 });
    expect(late2025.body.reason).toBe('BOOKS_LOCKED');
  });

  it('issue 19 defects stay fixed: a REST single-line entry never posts Suspense against itself; reports answer for 9999-12-31', async () => {
    const { admin } = books;
    for (const account of [A.suspense, A.suspense.toUpperCase()]) {
      const res = await admin.post('/api/journal-entries/', { date: '2026-02-01', account, debit: 5 });
      expect(res.status, account).toBe(400);
      expect(res.body.errors.account).toBeDefined();
    }
    const far = await admin.graphql(`{ trialBalance(asOf: "9999-12-31") { totalDebit } accountLedger(accountId: "${A.bank}", to: "9999-12-31") { closingBalance } }`);
    expect(far.body.errors).toBeUndefined();
    expect((await admin.get('/api/reports/balance-sheet/?from=2026-01-01')).status).toBe(400);
  });
});
