import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';
import { writeMt940 } from './mt940-writer';

const GR = 'GR1601101250000000012300695';
const DE = 'DE89370400440532013000';

type Line = { id: string; amount: number; description: string; status: string; reconciliation: { parts: Array<Record<string, unknown>> } | null };
type Account = { id: string; name: string; ledger_balance: number; is_default: boolean; kind: string };

/** An MT940 statement of GR (by default March 2026's, opening at 1,000.00) with the lines given. */
const mt940 = (lines: Array<{ day: string; cents: number; ref: string; text: string }>, period = { id: 'MARCH', opening: 100_000, from: '2026-03-01', to: '2026-03-31' }): string =>
  writeMt940({ id: period.id, iban: GR, opening: { day: period.from, cents: period.opening }, closingDay: period.to, lines });

describe.each(testBackends())('reconciling statement lines over HTTP on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let bank: Account;
  let savings: Account;
  let expenseCode: string;
  const byText: Record<string, Line> = {};
  /** The invoices the line of the test that pays invoices settled: one by its RF reference on import, one by hand with credit. */
  let settled: { clientId: string; byReference: { id: string }; byHand: { id: string }; line: Line; parts: unknown[] };

  const accounts = async () => (await admin.get('/api/bank-accounts/')).body as Account[];
  const balanceOf = async (id: string) => (await accounts()).find((a) => a.id === id)!.ledger_balance;
  const reconcile = (line: Line, parts: unknown[]) => admin.post(`/api/bank-accounts/${bank.id}/statement-lines/${line.id}/reconcile/`, { parts });
  const undo = (line: Line) => admin.post(`/api/bank-accounts/${bank.id}/statement-lines/${line.id}/unreconcile/`);

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-04-15T10:00:00Z') });
    admin = await adminOf(server);
    bank = (await accounts()).find((a) => a.is_default)!;
    expect((await admin.put(`/api/bank-accounts/${bank.id}/`, { name: 'Bank', iban: GR, is_default: true })).status).toBe(200);
    const created = await admin.post('/api/bank-accounts/', { name: 'Savings', iban: DE });
    expect(created.status, created.text).toBe(201);
    savings = created.body;
    const chart = (await admin.get('/api/accounts/')).body as Array<{ code: string; account_name: string; type: string }>;
    expenseCode = chart.find((a) => a.account_name === 'Office Expenses')!.code;
    const file = mt940([
      { day: '2026-03-02', cents: -11_900, ref: 'L1', text: 'Hosting March' },
      { day: '2026-03-05', cents: 50_000, ref: 'L2', text: 'From savings' },
      { day: '2026-03-09', cents: 25_000, ref: 'L3', text: 'Client payment' },
      { day: '2026-03-12', cents: -1_000, ref: 'L4', text: 'Card fee' },
    ]);
    const imported = await admin.upload(`/api/bank-accounts/${bank.id}/statements/`, 'file', file, 'march.sta');
    expect(imported.status, imported.text).toBe(201);
    for (const line of (await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/`)).body as Line[]) byText[line.description] = line;
  });
  afterAll(() => server?.close());

  it('books an expense with its input VAT on the line’s day, and undoes it', async () => {
    const before = await balanceOf(bank.id);
    const res = await reconcile(byText['Hosting March']!, [{ kind: 'account', account: expenseCode, amount: -119, vat_rate: 19, description: 'Hosting' }]);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'reconciled', reconciliation: { parts: [{ kind: 'account', accountCode: expenseCode, amount: -119, vatRateBp: 1900 }] } });
    expect(await balanceOf(bank.id)).toBeCloseTo(before - 119, 2);
    const lines = await server.testDb.db('ledger_lines as l').join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where('e.source_type', 'bank_reconciliation').select('l.date', 'l.debit_cents', 'l.credit_cents');
    expect(lines.map((l) => [l.date, Number(l.debit_cents), Number(l.credit_cents)]).sort()).toEqual([['2026-03-02', 0, 11_900], ['2026-03-02', 1_900, 0], ['2026-03-02', 10_000, 0]].sort());
    // Reconciled once: a second reconciliation waits for an undo.
    expect((await reconcile(byText['Hosting March']!, [{ kind: 'account', account: expenseCode, amount: -119 }])).status).toBe(409);

    const undone = await undo(byText['Hosting March']!);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body).toMatchObject({ status: 'open', reconciliation: null });
    expect(await balanceOf(bank.id)).toBeCloseTo(before, 2);
    expect((await undo(byText['Hosting March']!)).status).toBe(409);
    // Open again, it can be reconciled again (a new reconciliation).
    expect((await reconcile(byText['Hosting March']!, [{ kind: 'account', account: expenseCode, amount: -119, vat_rate: 19 }])).status).toBe(200);
  });

  it('moves money between money accounts, and matches a payment already in the books without posting it twice', async () => {
    const res = await reconcile(byText['From savings']!, [{ kind: 'transfer', money_account: savings.id, amount: 500 }]);
    expect(res.status, res.text).toBe(200);
    expect(await balanceOf(savings.id)).toBeCloseTo(-500, 2);

    const client = await createClient(admin, { name: 'Alpha Ltd' });
    const invoice = await createInvoice(admin, { client: client.id, date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'Audit', unit_price: 250, vat_rate: 0 }] });
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    const paid = await admin.post(`/api/invoices/${invoice.id}/payments/`, { amount: 250, date: '2026-03-08', method: 'bank_transfer', deposited_to: bank.id });
    expect(paid.status, paid.text).toBe(201);
    const movements = (await admin.get(`/api/bank-accounts/${bank.id}/movements/`)).body as Array<{ id: string; amount: number; date: string }>;
    const payment = movements.find((m) => m.amount === 250 && m.date === '2026-03-08')!;
    expect(payment).toBeDefined();
    const before = await balanceOf(bank.id);
    // Matched whole: part of it is refused.
    const partial = await reconcile(byText['Client payment']!, [{ kind: 'movement', movement: payment.id, amount: 100 }, { kind: 'account', account: expenseCode, amount: 150 }]);
    expect(partial.status).toBe(400);
    expect(partial.body.errors).toHaveProperty(['parts.0.amount']);
    const matched = await reconcile(byText['Client payment']!, [{ kind: 'movement', movement: payment.id, amount: 250 }]);
    expect(matched.status, matched.text).toBe(200);
    expect(await balanceOf(bank.id)).toBeCloseTo(before, 2);
    expect(((await admin.get(`/api/bank-accounts/${bank.id}/movements/`)).body as Array<{ id: string }>).map((m) => m.id)).not.toContain(payment.id);
  });

  it('refuses parts that do not add up, go the wrong way or name an account that takes no such posting, writing nothing', async () => {
    const line = byText['Card fee']!;
    const cases: Array<[unknown[], string]> = [
      [[], 'parts'],
      [[{ kind: 'account', account: expenseCode, amount: -5 }], 'parts'],
      [[{ kind: 'transfer', money_account: savings.id, amount: 10 }, { kind: 'account', account: expenseCode, amount: -20 }], 'parts.0.amount'],
      [[{ kind: 'account', account: '1000', amount: -10 }], 'parts.0.account'],
      [[{ kind: 'account', account: '9999', amount: -10 }], 'parts.0.account'],
      [[{ kind: 'account', account: expenseCode, amount: -10.005 }], 'parts.0.amount'],
      [[{ kind: 'transfer', money_account: bank.id, amount: -10 }], 'parts.0.money_account'],
      [[{ kind: 'invoice', invoice: savings.id, amount: -10 }], 'parts.0.amount'],
      [[{ kind: 'client_credit', client: savings.id, amount: -10 }], 'parts.0.kind'],
      [[{ kind: 'wire', amount: -10 }], 'parts.0.kind'],
    ];
    for (const [parts, field] of cases) {
      const res = await reconcile(line, parts);
      expect(res.status, JSON.stringify(parts)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(parts)).toContain(field);
    }
    expect((await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/${'?status=open'}`)).body.map((l: Line) => l.description)).toEqual(['Card fee']);
  });

  it('proves the books equal the bank once the opening balance is in the books, listing what is left', async () => {
    const report = () => admin.get(`/api/bank-accounts/${bank.id}/reconciliation-report/`);
    // Only March's lines are in the books: the difference is the opening balance they never got.
    const before = await report();
    expect(before.status, before.text).toBe(200);
    expect(before.body).toMatchObject({ date: '2026-03-31', statement_balance: 1621, ledger_balance: 631, unreconciled_lines_total: -10, difference: 1000, proven: false, complete: false });
    expect(before.body.unreconciled_lines.map((l: { description: string }) => l.description)).toEqual(['Card fee']);
    const ledgerAccount = ((await admin.get(`/api/bank-accounts/${bank.id}/`)).body as { ledger_account: { id: string } }).ledger_account.id;
    const opening = await admin.post('/api/journal-entries/', { date: '2026-02-28', account: ledgerAccount, debit: 1000, description: 'Opening balance' });
    expect(opening.status, opening.text).toBe(201);
    const after = await report();
    expect(after.body).toMatchObject({ statement_balance: 1621, ledger_balance: 1631, explained_balance: 1621, difference: 0, proven: true, complete: false, unreconciled_movements: [] });
    // A payment recorded in the books the bank has not shown yet is a movement waiting, and still explained.
    const client = await createClient(admin, { name: 'Beta Ltd' });
    const invoice = await createInvoice(admin, { client: client.id, date: '2026-03-01', due_date: '2026-03-31', items: [{ description: 'Audit', unit_price: 80, vat_rate: 0 }] });
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    expect((await admin.post(`/api/invoices/${invoice.id}/payments/`, { amount: 80, date: '2026-03-30', method: 'bank_transfer', deposited_to: bank.id })).status).toBe(201);
    const waiting = await report();
    expect(waiting.body).toMatchObject({ ledger_balance: 1711, unreconciled_movements_total: 80, difference: 0, proven: true });
    expect((await admin.get(`/api/bank-accounts/${bank.id}/reconciliation-report/?date=2026-02-01`)).status).toBe(404);
    expect((await admin.get(`/api/bank-accounts/${bank.id}/reconciliation-report/?date=2026-13-01`)).status).toBe(400);
  });

  it('pays invoices from a line, the rest as the client’s credit, and reconciles an intact RF reference on import by itself', async () => {
    const client = await createClient(admin, { name: 'Gamma Ltd' });
    const issue = async (euros: number) => {
      const invoice = await createInvoice(admin, { client: client.id, date: '2026-04-01', due_date: '2026-04-30', items: [{ description: 'Licence', unit_price: euros, vat_rate: 0 }] });
      const sent = await admin.post(`/api/invoices/${invoice.id}/send/`);
      expect(sent.status).toBe(200);
      return (await admin.get(`/api/invoices/${invoice.id}/`)).body as { id: string; invoice_number: string; payment_reference: string };
    };
    const byReference = await issue(300);
    const byHand = await issue(100);
    const april = mt940(
      [
        { day: '2026-04-03', cents: 30_000, ref: 'A1', text: `Licence ${byReference.payment_reference}` },
        { day: '2026-04-06', cents: 15_000, ref: 'A2', text: `Gamma licence ${byHand.invoice_number} and advance` },
      ],
      { id: 'APRIL', opening: 162_100, from: '2026-04-01', to: '2026-04-30' },
    );
    const imported = await admin.upload(`/api/bank-accounts/${bank.id}/statements/`, 'file', april, 'april.sta');
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body).toMatchObject({ lines_added: 2, auto_reconciled: 1 });
    const invoiceOf = async (id: string) => (await admin.get(`/api/invoices/${id}/`)).body as { status: string; paid: boolean };
    expect((await invoiceOf(byReference.id)).paid).toBe(true);
    const lines = (await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/?status=open`)).body as Line[];
    expect(lines.map((l) => l.description)).toEqual(['Card fee', `Gamma licence ${byHand.invoice_number} and advance`]);

    // The invoice number in the text proposes that invoice, the rest as its client's credit: one click posts it as it is.
    const suggested = await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/${lines[1]!.id}/suggestions/`);
    expect(suggested.status, suggested.text).toBe(200);
    const best = suggested.body[0] as { reasons: string[]; parts: Array<{ kind: string; amount: number; label: string } & Record<string, unknown>> };
    expect(best.parts.map((p) => [p.kind, p.amount, p.invoice ?? p.client])).toEqual([
      ['invoice', 100, byHand.id],
      ['client_credit', 50, client.id],
    ]);
    expect(best.parts[0]!.label).toContain(byHand.invoice_number);
    const before = await balanceOf(bank.id);
    const paid = await reconcile(lines[1]!, best.parts.map(({ label: _label, ...part }) => part));
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.reconciliation.parts).toMatchObject([{ kind: 'invoice', invoiceId: byHand.id, amount: 100 }, { kind: 'clientCredit', amount: 50 }]);
    expect((await invoiceOf(byHand.id)).paid).toBe(true);
    // The money is in the bank once, through the payment; the client holds 50.00 of credit.
    expect(await balanceOf(bank.id)).toBeCloseTo(before + 150, 2);
    const gamma = (await admin.get(`/api/clients/${client.id}/`)).body as { credit_balance: number };
    expect(gamma.credit_balance).toBe(50);
    // Neither payment waits as a movement: the lines matched them.
    expect(((await admin.get(`/api/bank-accounts/${bank.id}/movements/`)).body as Array<{ date: string }>).filter((m) => m.date >= '2026-04-01')).toEqual([]);
    // An invoice that is paid is open no more.
    const again = await reconcile(byText['Card fee']!, [{ kind: 'invoice', invoice: byHand.id, amount: -10 }]);
    expect(again.status).toBe(400);
    settled = { clientId: client.id, byReference, byHand, line: lines[1]!, parts: best.parts.map(({ label: _label, ...part }) => part) };
  });

  it('undoes a line that paid an invoice by removing that payment: the invoice is owed again, the credit and the money gone from the books', async () => {
    const invoice = async (id: string) => ({ ...(await admin.get(`/api/invoices/${id}/`)).body, payments: (await admin.get(`/api/invoices/${id}/payments/`)).body }) as { paid: boolean; payments: Array<{ id: string }> };
    const creditOf = async () => ((await admin.get(`/api/clients/${settled.clientId}/`)).body as { credit_balance: number }).credit_balance;
    const before = await balanceOf(bank.id);
    const undone = await undo(settled.line);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body).toMatchObject({ status: 'open', reconciliation: null });
    const owed = await invoice(settled.byHand.id);
    expect(owed.paid).toBe(false);
    expect(owed.payments).toEqual([]);
    expect(await creditOf()).toBe(0);
    expect(await balanceOf(bank.id)).toBeCloseTo(before - 150, 2);
    // Nothing of it waits to be matched: the payment's entry is reversed, not left as a movement.
    expect(((await admin.get(`/api/bank-accounts/${bank.id}/movements/`)).body as Array<{ date: string }>).filter((m) => m.date >= '2026-04-01')).toEqual([]);
    const history = (await admin.get(`/api/invoices/${settled.byHand.id}/history/`)).body as Array<{ type: string }>;
    expect(history.map((h) => h.type)).toEqual(expect.arrayContaining(['PaymentRecorded', 'PaymentRemoved']));
    // Open again, the same line pays it again as it did.
    const redone = await reconcile(settled.line, settled.parts);
    expect(redone.status, redone.text).toBe(200);
    expect((await invoice(settled.byHand.id)).paid).toBe(true);
    expect(await creditOf()).toBe(50);
    expect(await balanceOf(bank.id)).toBeCloseTo(before, 2);
  });

  it('refuses to undo a line whose payment was refunded since, changing nothing', async () => {
    const lines = (await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/?status=reconciled`)).body as Line[];
    const line = lines.find((l) => l.description.startsWith('Licence'))!;
    const payments = (await admin.get(`/api/invoices/${settled.byReference.id}/payments/`)).body as Array<{ id: string }>;
    const refund = await admin.post(`/api/payments/${payments[0]!.id}/refund/`, { amount: 10, reason: 'Goodwill', date: '2026-04-10' });
    expect(refund.status, refund.text).toBe(201);
    const before = await balanceOf(bank.id);
    const refused = await undo(line);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.text).toContain('refunded');
    const still = (await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/?status=reconciled`)).body as Line[];
    expect(still.map((l) => l.id)).toContain(line.id);
    expect(await balanceOf(bank.id)).toBeCloseTo(before, 2);
  });

  it('lets only one of two lines reconciled at once take the same money movement, and frees it when undone', async () => {
    const client = await createClient(admin, { name: 'Delta Ltd' });
    const invoice = await createInvoice(admin, { client: client.id, date: '2026-04-01', due_date: '2026-04-30', items: [{ description: 'Support', unit_price: 70, vat_rate: 0 }] });
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    expect((await admin.post(`/api/invoices/${invoice.id}/payments/`, { amount: 70, date: '2026-04-12', method: 'bank_transfer', deposited_to: bank.id })).status).toBe(201);
    const movement = ((await admin.get(`/api/bank-accounts/${bank.id}/movements/`)).body as Array<{ id: string; amount: number; date: string }>).find((m) => m.date === '2026-04-12')!;
    const file = mt940(
      [
        { day: '2026-04-13', cents: 7_000, ref: 'D1', text: 'Delta support' },
        { day: '2026-04-14', cents: 7_000, ref: 'D2', text: 'Delta support again' },
      ],
      { id: 'APRIL-D', opening: 0, from: '2026-04-13', to: '2026-04-14' },
    );
    expect((await admin.upload(`/api/bank-accounts/${bank.id}/statements/`, 'file', file, 'delta.sta')).status).toBe(201);
    const open = (await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/?status=open`)).body as Line[];
    const [first, second] = ['Delta support', 'Delta support again'].map((d) => open.find((l) => l.description === d)!);
    const before = await balanceOf(bank.id);
    const answers = await Promise.all([first!, second!].map((line) => reconcile(line, [{ kind: 'movement', movement: movement.id, amount: 70 }])));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? first! : second!;
    const loser = winner === first ? second! : first!;
    expect(answers.find((a) => a.status === 409)!.text).toContain('already matched');
    // Matched once: nothing posted twice, the other line still open.
    expect(await balanceOf(bank.id)).toBeCloseTo(before, 2);
    expect(((await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/?status=open`)).body as Line[]).map((l) => l.id)).toContain(loser.id);
    // Undone, the movement is free for the other line.
    expect((await undo(winner)).status).toBe(200);
    const taken = await reconcile(loser, [{ kind: 'movement', movement: movement.id, amount: 70 }]);
    expect(taken.status, taken.text).toBe(200);
    expect((await reconcile(winner, [{ kind: 'movement', movement: movement.id, amount: 70 }])).status).toBe(400);
  });

  it('finds open invoices to pick by number, client or open amount, a page at a time', async () => {
    const client = await createClient(admin, { name: 'Épsilon Maritime' });
    const issued: Array<{ id: string; invoice_number: string }> = [];
    for (const euros of [1250, 80.5]) {
      const invoice = await createInvoice(admin, { client: client.id, date: '2026-04-02', due_date: '2026-05-02', items: [{ description: 'Charter', unit_price: euros, vat_rate: 0 }] });
      expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
      issued.push(invoice);
    }
    const draft = await createInvoice(admin, { client: client.id, date: '2026-04-02', due_date: '2026-05-02', items: [{ description: 'Draft', unit_price: 1250, vat_rate: 0 }] });
    const search = async (q: string, limit?: number) => {
      const res = await admin.get(`/api/bank-accounts/${bank.id}/open-invoices/?${new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) })}`);
      expect(res.status, res.text).toBe(200);
      return res.body as Array<{ id: string; invoice_number: string; client: { id: string; name: string }; open_amount: number }>;
    };
    expect((await search('épsilon')).map((i) => i.id).sort()).toEqual(issued.map((i) => i.id).sort());
    expect((await search(issued[1]!.invoice_number)).map((i) => [i.id, i.open_amount, i.client.name])).toEqual([[issued[1]!.id, 80.5, 'Épsilon Maritime']]);
    // An amount as people type it, either decimal mark: never the draft of the same amount.
    for (const typed of ['1250', '1.250,00', '1250.00']) expect((await search(typed)).map((i) => i.id), typed).toEqual([issued[0]!.id]);
    expect((await search('')).map((i) => i.id)).not.toContain(draft.id);
    expect(await search('100%_')).toEqual([]);
    expect(await search('', 1)).toHaveLength(1);
    expect((await admin.get(`/api/bank-accounts/${randomUUID()}/open-invoices/`)).status).toBe(404);
  });

  it('refuses to reconcile or undo once the line’s day is locked', async () => {
    // Locking with a line still open warns (the card fee), it does not stop.
    const lock = await admin.put('/api/accounting/lock/', { locked_through: '2026-03-31' });
    expect(lock.status, lock.text).toBe(200);
    expect(lock.body).toMatchObject({ locked_through: '2026-03-31', unreconciled_lines_through_lock: 1 });
    const locked = await reconcile(byText['Card fee']!, [{ kind: 'account', account: expenseCode, amount: -10 }]);
    expect(locked.status, locked.text).toBe(400);
    expect(locked.text).toContain('2026-03-31');
    const undoLocked = await undo(byText['From savings']!);
    expect(undoLocked.status, undoLocked.text).toBe(400);
    const reconciled = ((await admin.get(`/api/bank-accounts/${bank.id}/statement-lines/?status=reconciled`)).body as Line[]).map((l) => l.description);
    expect(reconciled.filter((d) => !d.startsWith('Licence') && !d.startsWith('Gamma') && !d.startsWith('Delta')).sort()).toEqual(['Client payment', 'From savings', 'Hosting March']);
  });
});
