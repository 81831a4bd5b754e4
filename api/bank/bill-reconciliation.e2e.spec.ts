import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf } from '../invoicing/test/fixtures';
import { writeMt940 } from './mt940-writer';

const GR = 'GR1601101250000000012300695';
const SUPPLIER_IBAN = 'DE89370400440532013000';
const HOSTING = 'a0000000-0000-4000-8000-000000005200';

type Line = { id: string; amount: number; description: string; status: string; reconciliation: { parts: Array<Record<string, unknown>> } | null };
type Bill = { id: string; status: string; paid_amount: number; open_amount: number; payments: Array<{ id: string; amount: number; date: string; reference: string | null }> };

/** German banks' :86: with the payee's IBAN (?31) and name (?32). */
const paidTo = (text: string, iban: string | null, name: string) => `166?20${text}${iban ? `?31${iban}` : ''}?32${name}`;

describe.each(testBackends())('paying bills through bank reconciliation on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let bank: { id: string; ledger_account: { id: string } };
  let hetzner: string;
  let other: string;
  const bills: Record<string, Bill> = {};
  const byText: Record<string, Line> = {};

  /** What the ledger holds on an account: debit − credit (cents). */
  const balance = async (accountId: string): Promise<number> => {
    const row = await server.testDb.db('ledger_lines').where({ account_id: accountId }).sum({ d: 'debit_cents', c: 'credit_cents' }).first();
    return Number(row?.d ?? 0) - Number(row?.c ?? 0);
  };
  const bill = async (id: string) => (await admin.get(`/api/bills/${id}/`)).body as Bill;
  const reconcile = (line: Line, parts: unknown[]) => admin.post(`/api/bank-accounts/${bank.id}/statement-lines/${line.id}/reconcile/`, { parts });
  const lines = async () => {
    for (const line of (await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/`)).body as Line[]) byText[line.description] = line;
  };
  const postBill = async (supplier: string, invoiceNumber: string, date: string, unitPrice: string, vatRate: number) => {
    const made = await admin.post('/api/bills/', { supplier, invoice_number: invoiceNumber, date, items: [{ description: 'Hosting', account: HOSTING, quantity: 1, unit_price: unitPrice, vat_rate: vatRate }] });
    expect(made.status, made.text).toBe(201);
    const posted = await admin.post(`/api/bills/${made.body.id}/post/`);
    expect(posted.status, posted.text).toBe(200);
    bills[invoiceNumber] = posted.body;
  };
  const statement = (id: string, from: string, to: string, statementLines: Array<{ day: string; cents: number; ref: string; text: string }>) =>
    admin.upload(`/api/bank-accounts/${bank.id}/statements/`, 'file', writeMt940({ id, iban: GR, opening: { day: from, cents: 100_000 }, closingDay: to, lines: statementLines }), `${id}.sta`);

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-04-15T10:00:00Z') });
    admin = await adminOf(server);
    const accounts = (await admin.get('/api/bank-accounts/')).body as Array<{ id: string; is_default: boolean; ledger_account: { id: string } }>;
    bank = accounts.find((a) => a.is_default)!;
    expect((await admin.put(`/api/bank-accounts/${bank.id}/`, { name: 'Bank', iban: GR, is_default: true })).status).toBe(200);
    hetzner = (await admin.post('/api/suppliers/', { name: 'Hetzner Online GmbH', vat_number: 'DE812871812', country: 'DE', iban: SUPPLIER_IBAN })).body.id;
    other = (await admin.post('/api/suppliers/', { name: 'Papercut Ltd', country: 'CY' })).body.id;
    // The statement comes before the bills are posted: nothing is reconciled on import.
    const imported = await statement('MARCH', '2026-03-01', '2026-03-31', [
      { day: '2026-03-10', cents: -12_400, ref: 'L1', text: paidTo('Invoice HZ-2026-0042', SUPPLIER_IBAN, 'Hetzner Online GmbH') },
      { day: '2026-03-12', cents: -8_000, ref: 'L2', text: 'Papercut part payment' },
    ]);
    expect(imported.status, imported.text).toBe(201);
    await lines();
    await postBill(hetzner, 'HZ-2026-0042', '2026-03-02', '100', 24);
    await postBill(other, 'PC-77', '2026-03-01', '100', 24);
    await postBill(hetzner, 'HZ-2026-0050', '2026-03-03', '50', 0);
  });
  afterAll(() => server?.close());

  it('ranks the bill of the amount, the supplier’s IBAN and its number first, pays it on the line’s day, and books the payment once', async () => {
    const line = byText['Invoice HZ-2026-0042']!;
    expect(line.status).toBe('open');
    const suggested = await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/${line.id}/suggestions/`);
    expect(suggested.status, suggested.text).toBe(200);
    const [best, ...rest] = suggested.body as Array<{ reasons: string[]; parts: Array<Record<string, unknown>> }>;
    expect(best!.parts).toEqual([{ kind: 'bill', bill: bills['HZ-2026-0042']!.id, amount: -124, label: 'HZ-2026-0042 · Hetzner Online GmbH' }]);
    expect(best!.reasons).toEqual(['invoiceNumber', 'amount', 'iban', 'name']);
    // The other supplier's bill of the same amount comes after, for the amount alone.
    expect(rest.find((s) => s.parts[0]!.bill === bills['PC-77']!.id)?.reasons).toEqual(['amount']);

    const payablesBefore = await balance(SYSTEM_ACCOUNT_IDS.payables);
    const bankBefore = await balance(bank.ledger_account.id);
    expect(payablesBefore).toBe(-(12_400 + 12_400 + 5_000));
    const res = await reconcile(line, best!.parts.map(({ label: _label, ...part }) => part));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'reconciled', reconciliation: { parts: [{ kind: 'bill', billId: bills['HZ-2026-0042']!.id, amount: -124, paymentId: expect.any(String) }] } });

    const paid = await bill(bills['HZ-2026-0042']!.id);
    expect(paid).toMatchObject({ status: 'paid', paid_amount: 124, open_amount: 0 });
    expect(paid.payments).toEqual([{ id: res.body.reconciliation.parts[0].paymentId, amount: 124, date: '2026-03-10', reference: 'Invoice HZ-2026-0042', exchange_rate: null, amount_eur: 124 }]);
    expect(await balance(SYSTEM_ACCOUNT_IDS.payables)).toBe(payablesBefore + 12_400);
    expect(await balance(bank.ledger_account.id)).toBe(bankBefore - 12_400);
    // One entry moves the money (the bill's payment); the reconciliation posts nothing of its own.
    const reconciliationLines = await server.testDb.db('ledger_lines as l').join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where('e.source_type', 'bank_reconciliation').count<{ count: string }[]>('* as count');
    expect(Number(reconciliationLines[0]!.count)).toBe(0);
    // The payment is the line's: not a movement waiting for a statement line.
    expect(((await admin.get(`/api/bank-accounts/${bank.id}/movements/`)).body as unknown[]).length).toBe(0);
    // Aged payables leave it out; their total is still Accounts Payable.
    const aged = (await admin.get('/api/reports/aged-payables/?as_of=2026-04-15')).body as { suppliers: Array<{ supplier_id: string; total: number }>; totals: { net: number } };
    expect(aged.suppliers.find((s) => s.supplier_id === hetzner)?.total).toBe(50);
    expect(aged.totals.net).toBeCloseTo(-(await balance(SYSTEM_ACCOUNT_IDS.payables)) / 100, 2);
    expect(aged.totals.net).toBeCloseTo(174, 2);
  });

  it('refuses more than a bill has open, writing nothing; then pays it with the rest of the line split to an account', async () => {
    const line = byText['Papercut part payment']!;
    const target = bills['HZ-2026-0050']!;
    const entries = async () => Number((await server.testDb.db('ledger_entries').count<{ count: string }[]>('* as count'))[0]!.count);
    const before = await entries();
    const refused = await reconcile(line, [{ kind: 'bill', bill: target.id, amount: -80 }]);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors).toEqual({ 'parts.0.amount': ['The bill has 50.00 open.'] });
    const wrongWay = await reconcile(line, [{ kind: 'bill', bill: target.id, amount: 80 }, { kind: 'account', account: '5200', amount: -160 }]);
    expect(wrongWay.status).toBe(400);
    expect(wrongWay.body.errors['parts.0.amount']).toEqual(['A bill is paid with money out of the account.']);
    expect(await entries()).toBe(before);
    expect(await bill(target.id)).toMatchObject({ status: 'open', paid_amount: 0 });
    expect((await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/`)).body.find((l: Line) => l.id === line.id).status).toBe('open');

    const chart = (await admin.get('/api/accounts/')).body as Array<{ code: string; account_name: string }>;
    const office = chart.find((a) => a.account_name === 'Office Expenses')!.code;
    const split = await reconcile(line, [{ kind: 'bill', bill: target.id, amount: -50 }, { kind: 'account', account: office, amount: -30 }]);
    expect(split.status, split.text).toBe(200);
    expect(await bill(target.id)).toMatchObject({ status: 'paid', open_amount: 0 });
  });

  it('undoes a reconciliation: the bill is owed again and both balances come back, and it can be paid again', async () => {
    const line = byText['Invoice HZ-2026-0042']!;
    const target = bills['HZ-2026-0042']!;
    const payables = await balance(SYSTEM_ACCOUNT_IDS.payables);
    const money = await balance(bank.ledger_account.id);
    const undone = await admin.post(`/api/bank-accounts/${bank.id}/statement-lines/${line.id}/unreconcile/`);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body).toMatchObject({ status: 'open', reconciliation: null });
    expect(await bill(target.id)).toMatchObject({ status: 'open', paid_amount: 0, open_amount: 124, payments: [] });
    expect(await balance(SYSTEM_ACCOUNT_IDS.payables)).toBe(payables - 12_400);
    expect(await balance(bank.ledger_account.id)).toBe(money + 12_400);
    const again = await reconcile(line, [{ kind: 'bill', bill: target.id, amount: -124 }]);
    expect(again.status, again.text).toBe(200);
    expect(await bill(target.id)).toMatchObject({ status: 'paid' });
  });

  it('on import, pays alone only the one bill whose amount and number (or IBAN) agree; an amount alone waits for a person', async () => {
    await postBill(other, 'PC-90', '2026-04-01', '33', 0);
    const imported = await statement('APRIL', '2026-04-01', '2026-04-30', [
      { day: '2026-04-05', cents: -3_300, ref: 'A1', text: 'Rechnung PC-90' },
      { day: '2026-04-06', cents: -12_400, ref: 'A2', text: 'Transfer' },
    ]);
    expect(imported.status, imported.text).toBe(201);
    await lines();
    expect(byText['Rechnung PC-90']!).toMatchObject({ status: 'reconciled', reconciliation: { parts: [{ kind: 'bill', billId: bills['PC-90']!.id, amount: -33 }] } });
    expect(await bill(bills['PC-90']!.id)).toMatchObject({ status: 'paid', payments: [{ date: '2026-04-05', amount: 33 }] });
    expect(byText['Transfer']!.status).toBe('open');
    expect(await bill(bills['PC-77']!.id)).toMatchObject({ status: 'open' });
  });

  it('finds open bills to pick by the supplier’s number, name or open amount', async () => {
    const search = async (q: string) => ((await admin.get(`/api/bank-accounts/${bank.id}/open-bills/?q=${encodeURIComponent(q)}`)).body as Array<{ id: string; invoice_number: string; supplier: { name: string }; open_amount: number }>).map((b) => b.invoice_number);
    expect(await search('')).toEqual(['PC-77']);
    expect(await search('papercut')).toEqual(['PC-77']);
    expect(await search('124')).toEqual(['PC-77']);
    expect(await search('HZ')).toEqual([]);
    const first = (await admin.get(`/api/bank-accounts/${bank.id}/open-bills/`)).body[0];
    expect(first).toEqual({ id: bills['PC-77']!.id, invoice_number: 'PC-77', supplier: { id: other, name: 'Papercut Ltd' }, due_date: expect.any(String), open_amount: 124 });
  });
});
