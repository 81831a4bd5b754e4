import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';

const { receivables, exchangeGains, exchangeLosses } = SYSTEM_ACCOUNT_IDS;

// Issue 40: at a period end the receivables open in other currencies are revalued at that day's
// rate; the unrealised difference posts on the last day and reverses on the next.
describe.each(testBackends())('revaluation of foreign balances on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;
  let invoiceId: string;

  const balanceOn = async (accountId: string, through: string): Promise<number> =>
    Number(
      ((await server.testDb.db('ledger_lines').where({ account_id: accountId }).where('date', '<=', through).select(server.testDb.db.raw('coalesce(sum(debit_cents - credit_cents), 0) as b')).first()) as { b: string }).b,
    );
  const trialBalance = async () => Number(((await server.testDb.db('ledger_lines').select(server.testDb.db.raw('coalesce(sum(debit_cents - credit_cents), 0) as t')).first()) as { t: string }).t);

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-11-05T10:00:00Z') });
    admin = await adminOf(server);
    for (const [date, rate] of [
      ['2026-10-01', '1.10'],
      ['2026-10-30', '1.08'],
      ['2026-11-02', '1.05'],
    ]) {
      expect((await admin.post('/api/exchange-rates/', { date, currency: 'USD', rate })).status).toBe(201);
    }
    clientId = (await createClient(admin, { name: 'Liberty Analytics Inc.', country: 'US', email: 'ap@liberty.test', currency: 'USD' })).id;
    invoiceId = (await createInvoice(admin, { client: clientId, date: '2026-10-01', due_date: '2026-10-31', items: [{ description: 'Licence', quantity: 1, unit_price: 1000, vat_rate: 0 }] })).id;
    await admin.post(`/api/invoices/${invoiceId}/send/`);
  });
  afterAll(() => server?.close());

  it('revalues USD 1,000.00 booked at 1.10 at the month end rate 1.08: +16.84 on 31 October, reversed on 1 November', async () => {
    const res = await admin.post('/api/accounting/revaluation/', { date: '2026-10-31' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      date: '2026-10-31',
      reversal_date: '2026-11-01',
      posted: true,
      rates: [{ currency: 'USD', rate: 1.08, rate_date: '2026-10-30' }],
      items: [{ invoice: invoiceId, currency: 'USD', open_amount: 1000, booked_eur: 909.09, revalued_eur: 925.93, difference_eur: 16.84 }],
      gain: 16.84,
      loss: 0,
    });
    expect(await balanceOn(receivables, '2026-10-31')).toBe(92_593);
    expect(await balanceOn(exchangeGains, '2026-10-31')).toBe(-1_684);
    // The next day the receivable carries its booked euros again.
    expect(await balanceOn(receivables, '2026-11-01')).toBe(90_909);
    expect(await balanceOn(exchangeGains, '2026-11-01')).toBe(0);
    // October's income statement shows the unrealised gain.
    const october = await admin.get('/api/reports/income-statement/?from=2026-10-01&to=2026-10-31');
    expect(october.body.revenues).toContainEqual({ account: 'Exchange Gains', account_id: exchangeGains, balance: 16.84 });
    expect(october.body.net_income).toBe(925.93);
    // Aged receivables: the client's euros as booked, its dollars beside them; the revaluation apart until it reverses.
    const aged = await admin.get('/api/reports/aged-receivables/?as_of=2026-10-31');
    expect(aged.body.clients).toContainEqual(expect.objectContaining({ client_id: clientId, total: 909.09, foreign_open: [{ currency: 'USD', amount: 1000 }] }));
    expect(aged.body.totals.net).toBe(925.93);
    const graphql = await admin.graphql('query($d: String) { agedReceivables(asOf: $d) { clients { clientId foreignOpen { currency amount } } } }', { d: '2026-10-31' });
    expect(graphql.body.data.agedReceivables.clients).toContainEqual({ clientId, foreignOpen: [{ currency: 'USD', amount: 1000 }] });
    expect(await trialBalance()).toBe(0);
  });

  it('realises the whole difference when paid after the reversal: 952.38 received for 909.09 booked, a gain of 43.29', async () => {
    expect((await admin.post(`/api/invoices/${invoiceId}/payments/`, { amount: 1000, date: '2026-11-02', method: 'bank_transfer' })).status).toBe(201);
    expect(await balanceOn(receivables, '2026-11-30')).toBe(0);
    // November: the revaluation's reversal (−16.84) and the realised gain (+43.29).
    const novemberGains = (await balanceOn(exchangeGains, '2026-11-30')) - (await balanceOn(exchangeGains, '2026-10-31'));
    expect(novemberGains).toBe(1_684 - 4_329);
    expect(await balanceOn(exchangeLosses, '2026-11-30')).toBe(0);
    expect(await trialBalance()).toBe(0);
  });

  it('revalues a day once, never ahead of today, never in a locked period, and posts nothing when nothing foreign is open', async () => {
    const again = await admin.post('/api/accounting/revaluation/', { date: '2026-10-31' });
    expect(again.status).toBe(400);
    expect(again.body.errors.date).toEqual(['The open foreign balances were already revalued on 2026-10-31.']);
    expect((await admin.post('/api/accounting/revaluation/', { date: '2026-11-06' })).body.errors.date).toEqual(['A revaluation is dated today or earlier: its rates must be known.']);
    expect((await admin.post('/api/accounting/revaluation/', { date: '2026-02-30' })).status).toBe(400);
    // Paid in full: nothing open on 3 November.
    const nothing = await admin.post('/api/accounting/revaluation/', { date: '2026-11-03' });
    expect(nothing.status).toBe(200);
    expect(nothing.body).toMatchObject({ posted: false, items: [], gain: 0, loss: 0 });
    expect((await admin.put('/api/accounting/lock/', { locked_through: '2026-10-31' })).status).toBe(200);
    const locked = await admin.post('/api/accounting/revaluation/', { date: '2026-10-30' });
    expect(locked.status).toBe(400);
    expect(locked.body.reason).toBe('BOOKS_LOCKED');
    expect((await admin.put('/api/accounting/lock/', { locked_through: null })).status).toBe(200);
  });

  it('keeps the October revaluation as posted, and records it in the audit log', async () => {
    expect(await balanceOn(exchangeGains, '2026-10-31')).toBe(-1_684);
    const audit = await server.testDb.db('audit_log').where({ entity: 'accounting_books', entity_id: 'ForeignBalancesRevalued' });
    expect(audit).toHaveLength(1);
  });

  it("revalues at the fiscal year's end when the year is closed, and the closing entry takes the unrealised gain to retained earnings", async () => {
    expect((await admin.post('/api/exchange-rates/', { date: '2025-12-01', currency: 'USD', rate: '1.05' })).status).toBe(201);
    expect((await admin.post('/api/exchange-rates/', { date: '2025-12-31', currency: 'USD', rate: '1.00' })).status).toBe(201);
    const old = await createInvoice(admin, { client: clientId, date: '2025-12-01', due_date: '2025-12-31', items: [{ description: 'Audit', quantity: 1, unit_price: 100, vat_rate: 0 }] });
    expect(await balanceOn(receivables, '2025-12-31')).toBe(9_524);
    const closed = await admin.post('/api/accounting/year-end-close/', { fiscal_year: 2025 });
    expect(closed.status, closed.text).toBe(200);
    const revaluation = await server.testDb.db('ledger_entries').where({ source_type: 'fx_revaluation', date: '2025-12-31' });
    expect(revaluation).toHaveLength(1);
    // 100.00 USD at 1.00 on 31 December: 4.76 more than booked, in 2025's results, closed to retained earnings.
    expect(await balanceOn(receivables, '2025-12-31')).toBe(10_000);
    expect(await balanceOn(exchangeGains, '2025-12-31')).toBe(0);
    const closing = (await server.testDb.db('ledger_lines as l').join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where({ 'e.source_type': 'year_end_close', 'l.account_id': exchangeGains }).first('l.debit_cents')) as { debit_cents: number };
    expect(Number(closing.debit_cents)).toBe(476);
    // Reversed on the new year's first day; the invoice is still open at its booked euros.
    expect(await balanceOn(receivables, '2026-01-01')).toBe(9_524);
    expect((await admin.get(`/api/invoices/${old.id}/`)).body).toMatchObject({ currency: 'USD', open_amount: 100 });
  });

  it("revalues a client's credit balance in dollars too: owed back in dollars, it costs more euros when the dollar strengthens", async () => {
    // Paid in full on 2 November, then 100.00 USD credited at the invoice's 1.10: 90.91 EUR the client holds.
    const paid = await createInvoice(admin, { client: clientId, date: '2026-10-01', due_date: '2026-10-31', items: [{ description: 'Seats', quantity: 1, unit_price: 300, vat_rate: 0 }] });
    await admin.post(`/api/invoices/${paid.id}/send/`);
    expect((await admin.post(`/api/invoices/${paid.id}/payments/`, { amount: 300, date: '2026-11-02', method: 'bank_transfer' })).status).toBe(201);
    const credit = await admin.post(`/api/invoices/${paid.id}/credit-notes/`, { reason: 'Fewer seats', date: '2026-11-02', items: [{ description: 'Seats', quantity: 1, unit_price: 100, vat_rate: 0 }] });
    expect(credit.status, credit.text).toBe(201);
    const res = await admin.post('/api/accounting/revaluation/', { date: '2026-11-04' });
    expect(res.status, res.text).toBe(201);
    // At 1.05 the 100.00 USD owed back are 95.24 EUR: 4.33 more than booked, an unrealised loss (last year's
    // invoice, booked at 1.05, is open beside it with no difference).
    expect(res.body.items).toContainEqual({ invoice: paid.id, currency: 'USD', open_amount: -100, booked_eur: -90.91, revalued_eur: -95.24, difference_eur: -4.33 });
    expect(res.body).toMatchObject({ gain: 0, loss: 4.33 });
    expect(await balanceOn(exchangeLosses, '2026-11-04')).toBe(433);
    expect(await balanceOn(exchangeLosses, '2026-11-05')).toBe(0);
    expect(await trialBalance()).toBe(0);
  });
});
