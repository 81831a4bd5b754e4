import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf } from '../invoicing/test/fixtures';

const OFFICE = 'a0000000-0000-4000-8000-000000005300';

describe.each(testBackends())('paying several bills at once on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let bank: string;
  const bills: string[] = [];

  const balance = async (accountId: string): Promise<number> => {
    const row = await server.testDb.db('ledger_lines').where({ account_id: accountId }).sum({ d: 'debit_cents', c: 'credit_cents' }).first();
    return Number(row?.d ?? 0) - Number(row?.c ?? 0);
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-20T10:00:00Z') });
    admin = await adminOf(server);
    bank = ((await admin.get('/api/bank-accounts/')).body as Array<{ id: string; is_default: boolean }>).find((a) => a.is_default)!.id;
    const supplier = (await admin.post('/api/suppliers/', { name: 'Office Supplies SA', vat_number: 'EL094014201', country: 'GR', default_account: OFFICE })).body.id;
    for (const [n, price] of [['OS-1', 100], ['OS-2', 50], ['OS-3', 10]] as const) {
      const made = await admin.post('/api/bills/', { supplier, invoice_number: n, date: '2026-03-02', items: [{ description: 'Paper', account: OFFICE, unit_price: price, vat_rate: 24 }] });
      bills.push(made.body.id);
      if (n !== 'OS-3') expect((await admin.post(`/api/bills/${made.body.id}/post/`)).status).toBe(200);
    }
  });
  afterAll(() => server?.close());

  it('refuses the whole transfer, naming each bad payment, when one is above what is open, on a draft or before its bill, writing nothing', async () => {
    const before = await balance(SYSTEM_ACCOUNT_IDS.payables);
    const res = await admin.post('/api/bills/payments/', {
      date: '2026-03-10',
      money_account: bank,
      reference: 'SEPA batch 1',
      payments: [
        { bill: bills[0], amount: 124 },
        { bill: bills[1], amount: 62.01 },
        { bill: bills[2], amount: 12.4 },
        { bill: bills[0], amount: 1 },
      ],
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual({
      'payments.1.amount': [expect.stringMatching(/more than the .*62,00.* still open/)],
      'payments.2.bill': ['A payment can be recorded only on a posted bill: post it first.'],
      'payments.3.bill': ['This bill is already in the list.'],
    });
    const early = await admin.post('/api/bills/payments/', { date: '2026-03-01', money_account: bank, payments: [{ bill: bills[0], amount: 1 }] });
    expect(early.body.errors).toEqual({ date: ['A payment cannot be dated before the bill.'] });
    const none = await admin.post('/api/bills/payments/', { date: '2026-03-10', money_account: bank, payments: [] });
    expect(none.body.errors).toEqual({ payments: ['Choose at least one bill to pay.'] });
    expect(await balance(SYSTEM_ACCOUNT_IDS.payables)).toBe(before);
  });

  it('pays each bill its own amount, in full or in part, out of one money account on one day', async () => {
    const res = await admin.post('/api/bills/payments/', { date: '2026-03-10', money_account: bank, reference: 'SEPA batch 1', payments: [{ bill: bills[0], amount: 124 }, { bill: bills[1], amount: 20 }] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.map((b: { status: string; open_amount: number; payments: unknown[] }) => [b.status, b.open_amount, b.payments])).toEqual([
      ['paid', 0, [expect.objectContaining({ amount: 124, date: '2026-03-10', reference: 'SEPA batch 1' })]],
      ['partly_paid', 42, [expect.objectContaining({ amount: 20, date: '2026-03-10', reference: 'SEPA batch 1' })]],
    ]);
    expect(await balance(SYSTEM_ACCOUNT_IDS.payables)).toBe(-4_200);
    expect(await balance(SYSTEM_ACCOUNT_IDS.bank)).toBe(-14_400);
  });

  it('takes a supplier credit note correcting a posted bill, numbered apart from its bills, refunded into a money account', async () => {
    const supplier = ((await admin.get(`/api/bills/${bills[0]}/`)).body as { supplier: string }).supplier;
    const note = (over: Record<string, unknown>) => ({ supplier, invoice_number: 'OS-1', date: '2026-03-12', document_type: 'credit_note', items: [{ description: 'Paper returned', account: OFFICE, unit_price: 10, vat_rate: 24 }], ...over });
    const onDraft = await admin.post('/api/bills/', note({ credited_bill: bills[2] }));
    expect(onDraft.status).toBe(400);
    expect(onDraft.body.errors).toEqual({ credited_bill: ['Choose a posted bill of this supplier for the credit note to correct.'] });
    const made = await admin.post('/api/bills/', note({ credited_bill: bills[1] }));
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ document_type: 'credit_note', credited_bill: bills[1], invoice_number: 'OS-1', total_amount: 12.4, status: 'draft', due_date: '2026-03-12' });
    // Edited without saying what it is (the form's PUT), it stays a credit note.
    const edited = await admin.put(`/api/bills/${made.body.id}/`, { supplier, invoice_number: 'OS-1', date: '2026-03-12', items: [{ description: 'Paper returned', account: OFFICE, unit_price: 10, vat_rate: 24 }] });
    expect(edited.body).toMatchObject({ document_type: 'credit_note', credited_bill: bills[1] });
    expect((await admin.post('/api/bills/', note({}))).status).toBe(409);
    expect((await admin.post(`/api/bills/${made.body.id}/post/`)).status).toBe(200);
    expect(await balance(SYSTEM_ACCOUNT_IDS.payables)).toBe(-4_200 + 1_240);
    const refund = await admin.post(`/api/bills/${made.body.id}/payments/`, { amount: 12.4, date: '2026-03-15', money_account: bank, reference: 'Refund OS-1' });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body).toMatchObject({ status: 'paid', open_amount: 0 });
    expect(await balance(SYSTEM_ACCOUNT_IDS.payables)).toBe(-4_200);
    expect(await balance(SYSTEM_ACCOUNT_IDS.bank)).toBe(-14_400 + 1_240);
  });
});

describe.each(testBackends())("a supplier's number entered twice at the same moment on $name", (backend) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-20T10:00:00Z') });
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  it('keeps one bill of the number however many are sent at once, and frees it when the draft holding it is deleted or renumbered', async () => {
    const supplier = (await admin.post('/api/suppliers/', { name: 'Racing Supplies Ltd', vat_number: 'CY10318125M', country: 'CY', default_account: OFFICE })).body.id;
    const body = (n: string) => ({ supplier, invoice_number: n, date: '2026-03-02', items: [{ description: 'Paper', account: OFFICE, unit_price: 10, vat_rate: 19 }] });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => admin.post('/api/bills/', body(i % 2 ? 'RACE-1' : 'race-1 '))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => /RACE-1|race-1/.test(a.body.message))).toBe(true);
    const held = answers.find((a) => a.status === 201)!.body.id as string;
    expect((await server.testDb.db('bill_list').where({ supplier_id: supplier })).length).toBe(1);

    // Renumbered, the draft gives RACE-1 back; deleted, it gives RACE-2 back.
    const renumbered = await admin.put(`/api/bills/${held}/`, body('RACE-2'));
    expect(renumbered.status, renumbered.text).toBe(200);
    expect((await admin.post('/api/bills/', body('RACE-1'))).status).toBe(201);
    expect((await admin.post('/api/bills/', body('RACE-2'))).status).toBe(409);
    expect((await admin.delete(`/api/bills/${held}/`)).status).toBe(204);
    expect((await admin.post('/api/bills/', body('RACE-2'))).status).toBe(201);
  });
});
