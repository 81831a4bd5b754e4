import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { EN16931_DIR } from '../platform/en16931/rules';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf } from '../invoicing/test/fixtures';

const { payables, exchangeGains, exchangeLosses, vatPayable } = SYSTEM_ACCOUNT_IDS;
const HOSTING = 'a0000000-0000-4000-8000-000000005200';
const EXAMPLE = readFileSync(join(EN16931_DIR, 'ubl-tc434-example1.xml'), 'utf8');

// Issue 40: bills in the supplier's currency, booked in euros at their date's rate, paid at the
// payment day's rate with the realised difference, revalued with the receivables at a period end.
describe.each(testBackends())('bills in another currency on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let bank: string;
  let supplier: string;

  const balanceOn = async (accountId: string, through = '2099-12-31'): Promise<number> =>
    Number(
      ((await server.testDb.db('ledger_lines').where({ account_id: accountId }).where('date', '<=', through).select(server.testDb.db.raw('coalesce(sum(debit_cents - credit_cents), 0) as b')).first()) as { b: string }).b,
    );
  const trialBalance = async () => Number(((await server.testDb.db('ledger_lines').select(server.testDb.db.raw('coalesce(sum(debit_cents - credit_cents), 0) as t')).first()) as { t: string }).t);
  const usdBill = (number: string, over: Record<string, unknown> = {}) => ({
    supplier,
    invoice_number: number,
    date: '2026-10-01',
    due_date: '2026-10-31',
    currency: 'USD',
    items: [{ description: 'Cloud hosting', account: HOSTING, unit_price: 1000, vat_rate: 0 }],
    ...over,
  });

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-11-05T10:00:00Z') });
    admin = await adminOf(server);
    bank = ((await admin.get('/api/bank-accounts/')).body as Array<{ id: string; is_default: boolean }>).find((a) => a.is_default)!.id;
    for (const [date, rate] of [
      ['2026-10-01', '1.10'],
      ['2026-10-30', '1.08'],
      ['2026-11-02', '1.05'],
    ]) {
      expect((await admin.post('/api/exchange-rates/', { date, currency: 'USD', rate })).status).toBe(201);
    }
    supplier = (await admin.post('/api/suppliers/', { name: 'Northwind Cloud Inc.', country: 'US', default_account: HOSTING })).body.id;
  });
  afterAll(() => server?.close());

  it('keeps a draft in dollars, posts USD 1,000.00 at 1.10 as EUR 909.09 owed, each ledger line keeping its dollars', async () => {
    const made = await admin.post('/api/bills/', usdBill('NW-1'));
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ currency: 'USD', exchange_rate: null, total_eur: null, total_amount: 1000, status: 'draft' });
    const posted = await admin.post(`/api/bills/${made.body.id}/post/`);
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body).toMatchObject({ currency: 'USD', exchange_rate: '1.1', rate_date: '2026-10-01', total_amount: 1000, open_amount: 1000, total_eur: 909.09 });
    expect(await balanceOn(payables)).toBe(-90_909);
    const lines = await server.testDb.db('ledger_lines').where({ account_id: payables }).select('currency', 'foreign_cents', server.testDb.db.raw('rate::text as rate'));
    expect(lines).toEqual([{ currency: 'USD', foreign_cents: expect.anything(), rate: expect.stringMatching(/^1\.10*$/) }]);
    expect(Number(lines[0]!.foreign_cents)).toBe(100_000);
    // A PUT that does not say the currency keeps the draft's.
    const draft = await admin.post('/api/bills/', usdBill('NW-DRAFT'));
    const { currency: _c, ...unsaid } = usdBill('NW-DRAFT');
    expect((await admin.put(`/api/bills/${draft.body.id}/`, unsaid)).body).toMatchObject({ currency: 'USD' });
    expect((await admin.delete(`/api/bills/${draft.body.id}/`)).status).toBe(204);
  });

  it('refuses a bill in a currency without a rate on or before its date when it is posted, naming both, booking nothing', async () => {
    const made = await admin.post('/api/bills/', usdBill('NW-GBP', { currency: 'GBP' }));
    expect(made.status, made.text).toBe(201);
    const res = await admin.post(`/api/bills/${made.body.id}/post/`);
    expect(res.status).toBe(400);
    expect(res.text).toContain('There is no GBP exchange rate on or before 2026-10-01.');
    expect((await admin.get(`/api/bills/${made.body.id}/`)).body.status).toBe('draft');
    expect((await admin.post('/api/bills/', usdBill('NW-X', { currency: 'XAU' }))).body.errors).toEqual({ currency: ['Choose the euro or a currency the ECB publishes a reference rate for.'] });
    expect((await admin.delete(`/api/bills/${made.body.id}/`)).status).toBe(204);
  });

  it('revalues the open payable at the month end: owing USD 1,000.00 at 1.08 is EUR 925.93, an unrealised loss of 16.84, reversed the next day', async () => {
    const bill = ((await admin.get('/api/bills/')).body as Array<{ id: string; invoice_number: string }>).find((b) => b.invoice_number === 'NW-1')!;
    const res = await admin.post('/api/accounting/revaluation/', { date: '2026-10-31' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      posted: true,
      rates: [{ currency: 'USD', rate: 1.08, rate_date: '2026-10-30' }],
      items: [{ bill: bill.id, currency: 'USD', open_amount: -1000, booked_eur: -909.09, revalued_eur: -925.93, difference_eur: -16.84 }],
      gain: 0,
      loss: 16.84,
    });
    expect(await balanceOn(payables, '2026-10-31')).toBe(-92_593);
    expect(await balanceOn(exchangeLosses, '2026-10-31')).toBe(1_684);
    expect(await balanceOn(payables, '2026-11-01')).toBe(-90_909);
    expect(await balanceOn(exchangeLosses, '2026-11-01')).toBe(0);
    // Aged payables on the month end: the bill's booked euros and the revaluation (no supplier) beside it, the total what the account holds.
    const aged = await admin.get('/api/reports/aged-payables/?as_of=2026-10-31');
    expect(aged.status, aged.text).toBe(200);
    expect(aged.body.totals.net).toBe(925.93);
    expect(aged.body.suppliers.find((r: { supplier_id: string | null }) => r.supplier_id === supplier)).toMatchObject({ total: 909.09 });
  });

  it('pays USD 400 on 2 November at 1.05 and the rest by a batch transfer: the booked euros cleared to the cent, the realised losses posted', async () => {
    const bill = ((await admin.get('/api/bills/')).body as Array<{ id: string; invoice_number: string }>).find((b) => b.invoice_number === 'NW-1')!;
    const first = await admin.post(`/api/bills/${bill.id}/payments/`, { amount: 400, date: '2026-11-02', money_account: bank, reference: 'Wire 1' });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ status: 'partly_paid', open_amount: 600, payments: [{ amount: 400, exchange_rate: '1.05', amount_eur: 380.95 }] });
    // 909.09 × 400/1,000 = 363.64 cleared; 380.95 paid: a loss of 17.31.
    expect(await balanceOn(exchangeLosses)).toBe(1_731);
    const above = await admin.post(`/api/bills/${bill.id}/payments/`, { amount: 600.01, date: '2026-11-02', money_account: bank });
    expect(above.body.errors).toEqual({ amount: ['This payment is more than the US$600.00 still open on the bill.'] });
    const rest = await admin.post('/api/bills/payments/', { date: '2026-11-02', money_account: bank, payments: [{ bill: bill.id, amount: 600 }] });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body[0]).toMatchObject({ status: 'paid', open_amount: 0 });
    expect(await balanceOn(payables)).toBe(0);
    // 545.45 cleared, 571.43 paid: 25.98 more lost.
    expect(await balanceOn(exchangeLosses)).toBe(1_731 + 2_598);
    expect(await balanceOn(SYSTEM_ACCOUNT_IDS.bank)).toBe(-(38_095 + 57_143));
    expect(await balanceOn(exchangeGains)).toBe(0);
    expect(await trialBalance()).toBe(0);
    // The supplier's statement runs in booked euros: nothing owed once paid.
    const statement = await admin.get(`/api/suppliers/${supplier}/statement/?from=2026-10-01&to=2026-11-05`);
    expect(statement.status, statement.text).toBe(200);
    expect(statement.body.closing_balance).toBe(0);
  });

  it('a statement line in euros cannot pay a bill in dollars: the bank does not offer it and a payment from it is refused', async () => {
    const made = (await admin.post('/api/bills/', usdBill('NW-2', { date: '2026-11-02', due_date: '2026-11-30' }))).body;
    await admin.post(`/api/bills/${made.id}/post/`);
    const offered = await server.testDb.db('bill_list').where({ id: made.id }).first('currency', 'gross_euro_cents');
    expect(offered).toMatchObject({ currency: 'USD' });
    expect(Number(offered.gross_euro_cents)).toBe(95_238);
    const outcome = await server.runtime.services.purchases.bills.recordPayments([{ billId: made.id, amountCents: 100, date: '2026-11-03', moneyAccountId: bank, reference: null }], 'test').catch((err: Error) => err);
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toBe("This bill is in USD: record its payment on the bill, in USD, where the day's exchange rate is used.");
  });

  it('a supplier credit note correcting a dollar bill is in dollars at that bill\'s rate; a refund at its day\'s rate realises the difference', async () => {
    const bill = (await admin.post('/api/bills/', usdBill('NW-3', { items: [{ description: 'Hosting', account: HOSTING, unit_price: 500, vat_rate: 24, vat_category: 'AE' }] }))).body;
    expect((await admin.post(`/api/bills/${bill.id}/post/`)).status).toBe(200);
    const wrong = await admin.post('/api/bills/', { ...usdBill('NW-3', { currency: 'EUR' }), document_type: 'credit_note', credited_bill: bill.id, date: '2026-11-02' });
    expect(wrong.body.errors).toEqual({ currency: ['The credit note must be in the currency of the bill it corrects, USD.'] });
    const vatBefore = await balanceOn(vatPayable);
    const note = await admin.post('/api/bills/', { ...usdBill('NW-3', { items: [{ description: 'Hosting credited', account: HOSTING, unit_price: 100, vat_rate: 0 }] }), document_type: 'credit_note', credited_bill: bill.id, date: '2026-11-02', due_date: null });
    expect(note.status, note.text).toBe(201);
    const posted = await admin.post(`/api/bills/${note.body.id}/post/`);
    expect(posted.body).toMatchObject({ currency: 'USD', exchange_rate: '1.1', rate_date: '2026-10-01', total_eur: 90.91 });
    // The reverse-charge bill's self-assessed VAT nets to zero on the VAT account.
    expect(await balanceOn(vatPayable)).toBe(vatBefore);
    const lossesBefore = await balanceOn(exchangeLosses);
    const gainsBefore = await balanceOn(exchangeGains);
    const refund = await admin.post(`/api/bills/${note.body.id}/payments/`, { amount: 100, date: '2026-11-02', money_account: bank });
    expect(refund.status, refund.text).toBe(201);
    // USD 100 at 1.05 is 95.24 in; the credit was booked at 90.91: a gain of 4.33.
    expect((await balanceOn(exchangeGains)) - gainsBefore).toBe(-433);
    expect(await balanceOn(exchangeLosses)).toBe(lossesBefore);
    expect(await trialBalance()).toBe(0);
  });

  it("imports a supplier's e-invoice in dollars as a draft in dollars", async () => {
    const usd = EXAMPLE.replaceAll('currencyID="EUR"', 'currencyID="USD"').replace('<cbc:DocumentCurrencyCode>EUR', '<cbc:DocumentCurrencyCode>USD');
    const res = await admin.upload('/api/bills/import/', 'file', usd, 'usd.xml');
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ currency: 'USD', total_amount: 250.33, status: 'draft' });
  });
});
