import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../../domain/accounting/accounts';
import { WRITE_OFF_DRAFT, WRITE_OFF_PAID, WRITTEN_OFF } from '../../domain/invoice/decide';
import { invoiceStreamId } from '../../domain/invoice/events';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from './test/fixtures';

const items = [{ description: 'Consulting', quantity: 1, unit_price: 1000, vat_rate: 19 }];
const WRITE_OFF = 'mutation($id: ID!, $input: WriteOffInvoiceInput!) { writeOffInvoice(id: $id, input: $input) { writtenOff writtenOffAmount writtenOffOn recoveredAmount openAmount paidAmount paid } }';

describe.each(testBackends())('bad debts written off on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;
  let now = new Date('2026-06-30T10:00:00Z');

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => now });
    admin = await adminOf(server);
    clientId = (await createClient(admin, { name: 'Doubtful Ltd', email: 'ap@doubtful.test' })).id;
  });
  afterAll(() => server?.close());

  const sentInvoice = async (date = '2026-03-01', dueDate = '2026-03-31') => {
    const inv = await createInvoice(admin, { client: clientId, date, due_date: dueDate, items });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    return inv;
  };
  /** Debit minus credit of an account, for one invoice's entries or overall. */
  const balanceOf = async (accountId: string, invoiceId?: string): Promise<number> => {
    const q = server.testDb.db('ledger_lines as l').where('l.account_id', accountId);
    if (invoiceId) q.join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where('e.invoice_id', invoiceId);
    return Number((await q.select(server.testDb.db.raw('coalesce(sum(l.debit_cents - l.credit_cents), 0) as b')).first()).b);
  };
  const streamLength = async (id: string) => (await server.runtime.deps.eventStore.readStream(invoiceStreamId(id))).length;
  const agedFor = async (asOf: string) => ((await admin.get(`/api/reports/aged-receivables/?as_of=${asOf}`)).body.clients as { client_id: string; total: number }[]).find((c) => c.client_id === clientId);

  it('writes off the open amount: Dr Bad Debts, Cr Accounts Receivable; it leaves the open lists, the aged list and the reminders, and its history says who and why', async () => {
    // Both sent on 1 June and due yesterday: the first reminder (1 day after) is due today for each.
    now = new Date('2026-06-01T10:00:00Z');
    const inv = await sentInvoice('2026-06-01', '2026-06-29');
    await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 190, date: '2026-06-05', method: 'bank_transfer' });
    const control = await sentInvoice('2026-06-01', '2026-06-29');
    now = new Date('2026-06-30T10:00:00Z');
    expect((await agedFor('2026-06-30'))?.total).toBe(1190 * 2 - 190);

    const res = await admin.post(`/api/invoices/${inv.id}/write-off/`, { date: '2026-06-30', reason: 'Client insolvent' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: inv.id, written_off: true, written_off_amount: 1000, written_off_on: '2026-06-30', recovered_amount: 0, open_amount: 0, paid: false, paid_amount: 190 });
    expect(await balanceOf(A.badDebts, inv.id)).toBe(100000);
    expect(await balanceOf(A.receivables, inv.id)).toBe(0);
    const badDebts = await server.testDb.db('accounts').where({ id: A.badDebts }).first();
    expect(badDebts).toMatchObject({ code: '5800', account_name: 'Bad Debts', type: 'expense', system_key: 'badDebts' });
    // Aged receivables: only the control invoice is left, before the write-off day it is still there.
    expect((await agedFor('2026-06-30'))?.total).toBe(1190);
    expect((await agedFor('2026-06-29'))?.total).toBe(1190 * 2 - 190);
    // The income statement carries the expense.
    const income = (await admin.get('/api/reports/income-statement/?from=2026-01-01&to=2026-12-31')).body;
    expect(JSON.stringify(income)).toContain('Bad Debts');
    // Not unpaid, not overdue.
    const unpaid = (await admin.get('/api/invoices/?status=unpaid')).body.map((i: { id: string }) => i.id);
    expect(unpaid).toContain(control.id);
    expect(unpaid).not.toContain(inv.id);
    expect((await admin.get('/api/invoices/?overdue=true')).body.map((i: { id: string }) => i.id)).not.toContain(inv.id);
    expect((await admin.get('/api/invoices/?overdue=false')).body.map((i: { id: string }) => i.id)).toContain(inv.id);
    const history = (await admin.get(`/api/invoices/${inv.id}/history/`)).body as { type: string; actor: string; data: Record<string, unknown> }[];
    const written = history.find((h) => h.type === 'InvoiceWrittenOff')!;
    expect(written.data).toMatchObject({ reason: 'Client insolvent', amountCents: 100000, date: '2026-06-30' });
    expect(written.actor).toBe(history[0]!.actor);
    // Reminders chase the control invoice, never the written-off one.
    await server.runtime.services.billing.reminders.run();
    const reminded = (await server.testDb.db('payment_reminders').select('invoice_id')).map((r) => r.invoice_id);
    expect(reminded).toContain(control.id);
    expect(reminded).not.toContain(inv.id);
    // The overview's open amounts leave it out.
    const overview = (await admin.graphql('{ adminOverview { receivables unpaidCount } }')).body;
    expect(overview.data?.adminOverview ?? overview).toMatchObject({ unpaidCount: 1 });
  });

  it('money that arrives later is a recovery: Cr Bad Debts, counted as paid, the excess a credit balance', async () => {
    const inv = await sentInvoice();
    expect((await admin.graphql(WRITE_OFF, { id: inv.id, input: { date: '2026-06-30', reason: 'Gone quiet' } })).body.data.writeOffInvoice).toEqual({
      writtenOff: true,
      writtenOffAmount: 1190,
      writtenOffOn: '2026-06-30',
      recoveredAmount: 0,
      openAmount: 0,
      paidAmount: 0,
      paid: false,
    });
    const part = await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 500, date: '2026-07-10', method: 'bank_transfer' });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ written_off: true, recovered_amount: 500, paid_amount: 500, open_amount: 0, paid: false });
    expect(await balanceOf(A.badDebts, inv.id)).toBe(119000 - 50000);
    expect(await balanceOf(A.receivables, inv.id)).toBe(0);
    const rest = await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 700, date: '2026-07-20', method: 'cash' });
    expect(rest.body).toMatchObject({ recovered_amount: 1190, paid_amount: 1200, paid: true, open_amount: 0 });
    expect(await balanceOf(A.badDebts, inv.id)).toBe(0);
    // 10.00 paid beyond what was owed is the client's credit, as for any overpayment.
    expect(await balanceOf(A.receivables, inv.id)).toBe(-1000);
    // The transfer went to the bank, the cash to the cash box.
    expect(await balanceOf(A.bank, inv.id)).toBe(50000);
    expect(await balanceOf(A.cashOnHand, inv.id)).toBe(70000);
  });

  it('is refused with a 4xx on drafts, paid, cancelled and written-off invoices and in locked periods, and writes nothing', async () => {
    const draft = await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-31', items });
    const paid = await sentInvoice();
    await admin.post(`/api/invoices/${paid.id}/mark_as_paid/`);
    const cancelled = await sentInvoice();
    expect((await admin.delete(`/api/invoices/${cancelled.id}/`)).status).toBe(204);
    const done = await sentInvoice();
    expect((await admin.post(`/api/invoices/${done.id}/write-off/`, { date: '2026-06-30', reason: 'Insolvent' })).status).toBe(201);
    const early = await sentInvoice('2026-01-10', '2026-01-31');
    const cases: [string, Record<string, unknown>, number, string | RegExp][] = [
      [draft.id, { date: '2026-06-30', reason: 'x' }, 400, WRITE_OFF_DRAFT],
      [paid.id, { date: '2026-06-30', reason: 'x' }, 409, WRITE_OFF_PAID],
      [cancelled.id, { date: '2026-06-30', reason: 'x' }, 409, /cancelled/],
      [done.id, { date: '2026-06-30', reason: 'x' }, 409, WRITTEN_OFF],
      [early.id, { date: '2026-06-30', reason: ' ' }, 400, /./],
      [early.id, { date: '2026-01-01', reason: 'x' }, 400, /./],
      [early.id, { reason: 'x' }, 400, /./],
    ];
    const before = await Promise.all(cases.map(([id]) => streamLength(id)));
    for (const [id, body, status, message] of cases) {
      const res = await admin.post(`/api/invoices/${id}/write-off/`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    expect(await Promise.all(cases.map(([id]) => streamLength(id)))).toEqual(before);
    // The books locked through 31 May: a write-off dated in May is refused, over REST and GraphQL.
    expect((await admin.put('/api/accounting/lock/', { locked_through: '2026-05-31' })).status).toBe(200);
    const locked = await admin.post(`/api/invoices/${early.id}/write-off/`, { date: '2026-05-15', reason: 'Insolvent' });
    expect(locked.status).toBe(400);
    expect(locked.body.reason).toBe('BOOKS_LOCKED');
    const viaGraphql = await admin.graphql(WRITE_OFF, { id: early.id, input: { date: '2026-05-15', reason: 'Insolvent' } });
    expect(viaGraphql.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const draftViaGraphql = await admin.graphql(WRITE_OFF, { id: draft.id, input: { date: '2026-06-30', reason: 'Insolvent' } });
    expect(draftViaGraphql.body.errors[0].message).toBe(WRITE_OFF_DRAFT);
    expect(await streamLength(early.id)).toBe(before[4]);
    expect(await balanceOf(A.badDebts, early.id)).toBe(0);
    // The same invoice after the lock: written off on the first open day.
    expect((await admin.post(`/api/invoices/${early.id}/write-off/`, { date: '2026-06-01', reason: 'Insolvent' })).status).toBe(201);
    expect((await admin.put('/api/accounting/lock/', { locked_through: null })).status).toBe(200);
  });
});
