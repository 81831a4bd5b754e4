import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v5 as uuidv5 } from 'uuid';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { CREDIT_NOT_REFUNDABLE, overCreditBalance } from '../../domain/invoice/money-movements';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from './test/fixtures';

const items = (price: number) => [{ description: 'Licence', quantity: 1, unit_price: price, vat_rate: 0 }];

describe.each(testBackends())('client credit balance applied to an open invoice on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  const now = new Date('2026-04-15T10:00:00Z');

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => now });
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  const sentInvoice = async (clientId: string, price: number, date = '2026-04-01') => {
    const inv = await createInvoice(admin, { client: clientId, date, due_date: '2026-04-30', items: items(price) });
    await admin.post(`/api/invoices/${inv.id}/send/`);
    return inv as { id: string; invoice_number: string };
  };
  const pay = (invoiceId: string, amount: number, method = 'bank_transfer') =>
    admin.post(`/api/invoices/${invoiceId}/payments/`, { amount, date: '2026-04-02', method });
  const creditOf = async (clientId: string): Promise<number> =>
    (await admin.graphql('query($id: ID!) { client(id: $id) { creditBalance } }', { id: clientId })).body.data.client.creditBalance;
  const invoice = async (id: string) => (await admin.get(`/api/invoices/${id}/`)).body;
  const accountBalance = async (accountId: string) => {
    const tb = await admin.graphql('{ trialBalance(asOf: "2026-12-31") { rows { accountId debit credit } totalDebit totalCredit } }');
    const row = tb.body.data.trialBalance.rows.find((r: { accountId: string }) => r.accountId === accountId);
    return { net: row ? Math.round((row.debit - row.credit) * 100) : 0, balanced: tb.body.data.trialBalance.totalDebit === tb.body.data.trialBalance.totalCredit };
  };
  const receivablesMatchOpenAmounts = async () => {
    const ar = (await accountBalance(SYSTEM_ACCOUNT_IDS.receivables)).net;
    const list = (await admin.get('/api/invoices/')).body as { open_amount: number }[];
    const open = list.reduce((sum, i) => sum + Math.round(i.open_amount * 100), 0);
    const clients = (await admin.graphql('{ clients(page: { limit: 500 }) { items { creditBalance } } }')).body.data.clients.items as { creditBalance: number }[];
    const credit = clients.reduce((sum, c) => sum + Math.round(c.creditBalance * 100), 0);
    return ar - (open - credit);
  };

  it('moves an overpayment to another open invoice: both settle, the credit and the transfers account go to zero', async () => {
    const clientId = (await createClient(admin, { name: 'Credit Moves Ltd' })).id;
    const a = await sentInvoice(clientId, 100);
    const b = await sentInvoice(clientId, 300);
    expect((await pay(a.id, 250)).status).toBe(201);
    expect(await creditOf(clientId)).toBe(150);

    const res = await admin.post(`/api/clients/${clientId}/apply_credit/`, { invoice_id: b.id, amount: 120.5, date: '2026-04-10' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ applied_amount: 120.5, transfers: [{ from_invoice_id: a.id, amount: 120.5 }], invoice: { id: b.id, paid_amount: 120.5, open_amount: 179.5, paid: false } });
    expect(await creditOf(clientId)).toBe(29.5);
    expect(await invoice(a.id)).toMatchObject({ paid_amount: 129.5, paid: true });

    const payments = (await admin.get(`/api/invoices/${b.id}/payments/`)).body;
    expect(payments).toEqual([expect.objectContaining({ amount: 120.5, date: '2026-04-10', method: 'credit', reference: a.invoice_number })]);
    expect(await accountBalance(SYSTEM_ACCOUNT_IDS.creditTransfers)).toEqual({ net: 0, balanced: true });
    expect(await receivablesMatchOpenAmounts()).toBe(0);

    // The rest of the credit, then the invoice is paid; nothing is left to apply.
    const rest = await admin.graphql('mutation($id: ID!, $i: ApplyCreditInput!) { applyClientCredit(id: $id, input: $i) { id paidAmount openAmount paid } }', { id: clientId, i: { invoiceId: b.id, amount: 29.5 } });
    expect(rest.body.data.applyClientCredit).toEqual({ id: b.id, paidAmount: 150, openAmount: 150, paid: false });
    expect(await creditOf(clientId)).toBe(0);
    const none = await admin.post(`/api/clients/${clientId}/apply_credit/`, { invoice_id: b.id, amount: 1 });
    expect(none.status).toBe(400);
    expect(none.body.errors.amount[0]).toMatch(/credit balance/);
  });

  it('draws on several invoices holding credit, oldest first, and a credit note after payment counts', async () => {
    const clientId = (await createClient(admin, { name: 'Two Sources Ltd' })).id;
    const a = await sentInvoice(clientId, 100, '2026-03-01');
    const b = await sentInvoice(clientId, 100, '2026-03-05');
    const target = await sentInvoice(clientId, 500);
    await pay(a.id, 160);
    await pay(b.id, 100);
    const note = await admin.post(`/api/invoices/${b.id}/credit-notes/`, { reason: 'Discount', date: '2026-04-03' });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(await creditOf(clientId)).toBe(160);

    const res = await admin.post(`/api/clients/${clientId}/apply_credit/`, { invoice_id: target.id, amount: 130 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.transfers).toEqual([
      { from_invoice_id: a.id, amount: 60 },
      { from_invoice_id: b.id, amount: 70 },
    ]);
    expect(res.body.invoice).toMatchObject({ paid_amount: 130, open_amount: 370 });
    expect(await creditOf(clientId)).toBe(30);
    expect(await accountBalance(SYSTEM_ACCOUNT_IDS.creditTransfers)).toEqual({ net: 0, balanced: true });
    expect(await receivablesMatchOpenAmounts()).toBe(0);
  });

  it('applies once per Idempotency-Key, and refuses bad input writing nothing', async () => {
    const clientId = (await createClient(admin, { name: 'Careful Credit Ltd' })).id;
    const other = (await createClient(admin, { name: 'Someone Else Ltd' })).id;
    const a = await sentInvoice(clientId, 100);
    const b = await sentInvoice(clientId, 100);
    const draft = await createInvoice(admin, { client: clientId, date: '2026-04-01', due_date: '2026-04-30', items: items(50) });
    const foreign = await sentInvoice(other, 100);
    await pay(a.id, 180);

    const refusals: [Record<string, unknown>, string][] = [
      [{ invoice_id: b.id, amount: 0 }, 'amount'],
      [{ invoice_id: b.id, amount: 1.234 }, 'amount'],
      [{ invoice_id: b.id, amount: 100.01 }, 'amount'],
      [{ invoice_id: b.id, amount: 10, date: '2026-03-31' }, 'date'],
      [{ invoice_id: foreign.id, amount: 10 }, 'invoice_id'],
      [{ invoice_id: draft.id, amount: 10 }, 'invoice_id'],
      [{ invoice_id: a.id, amount: 10 }, 'amount'],
    ];
    for (const [body, field] of refusals) {
      const r = await admin.post(`/api/clients/${clientId}/apply_credit/`, body);
      expect(r.status, JSON.stringify([body, r.body])).toBe(400);
      expect(Object.keys(r.body.errors ?? {}), JSON.stringify(r.body)).toContain(field);
    }
    expect((await admin.post(`/api/clients/${clientId}/apply_credit/`, { invoice_id: '00000000-0000-4000-8000-000000000000', amount: 10 })).status).toBe(404);
    expect(await creditOf(clientId)).toBe(80);

    const keyed = () =>
      admin.agent
        .post(`/api/clients/${clientId}/apply_credit/`)
        .set('X-CSRFToken', admin.csrfToken()!)
        .set('Idempotency-Key', 'dialog-1')
        .send({ invoice_id: b.id, amount: 50 });
    const first = await keyed();
    const again = await keyed();
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.invoice).toMatchObject({ paid_amount: 50, open_amount: 50 });
    expect(await creditOf(clientId)).toBe(30);

    // A credit payment is not money the client paid: it cannot be refunded.
    const [credit] = (await admin.get(`/api/invoices/${b.id}/payments/`)).body;
    const refund = await admin.post(`/api/payments/${credit.id}/refund/`, { amount: 10, reason: 'Asked' });
    expect(refund.status).toBe(400);
    expect(refund.body.message).toBe(CREDIT_NOT_REFUNDABLE);
  });

  it('applies concurrent applications for one client in full while credit lasts, drawing on the next source when one is drained', async () => {
    const clientId = (await createClient(admin, { name: 'Busy Credit Ltd' })).id;
    const a = await sentInvoice(clientId, 100, '2026-04-01');
    const b = await sentInvoice(clientId, 100, '2026-04-02');
    await pay(a.id, 110);
    await pay(b.id, 130);
    const targets = await Promise.all(Array.from({ length: 4 }, () => sentInvoice(clientId, 50, '2026-04-03')));
    // Every plan starts with a's 10.00: without planning again, all but one would be refused.
    const answers = await Promise.all(targets.map((t) => admin.post(`/api/clients/${clientId}/apply_credit/`, { invoice_id: t.id, amount: 10 })));
    expect(answers.map((r) => r.status), JSON.stringify(answers.map((r) => r.body))).toEqual([201, 201, 201, 201]);
    expect(answers.map((r) => r.body.invoice.paid_amount)).toEqual([10, 10, 10, 10]);
    expect(await creditOf(clientId)).toBe(0);
    expect(await receivablesMatchOpenAmounts()).toBe(0);
    const none = await admin.post(`/api/clients/${clientId}/apply_credit/`, { invoice_id: targets[0]!.id, amount: 1 });
    expect(none.status).toBe(400);
  });

  it('shows as credit balance what an application can draw: a deleted invoice\'s kept payment less a lost dispute', async () => {
    const clientId = (await createClient(admin, { name: 'Disputed Deposit Ltd' })).id;
    // A draft deleted while its pay link was open; the gateway's payment is kept as the client's credit.
    const draft = await createInvoice(admin, { client: clientId, date: '2026-04-01', due_date: '2026-04-30', items: items(80) });
    expect((await admin.delete(`/api/invoices/${draft.id}/`)).status).toBe(204);
    const invoices = server.runtime.services.billing.invoices;
    const paymentId = uuidv5('kept-then-disputed', '6ba7b811-9dad-11d1-80b4-00c04fd430c8');
    await invoices.recordPayment(draft.id, { paymentId, amountCents: 8000, date: '2026-04-02', method: 'card', reference: 'pi_kept' }, 'gateway');
    expect(await creditOf(clientId)).toBe(80);
    // 30.00 of it disputed and the dispute lost: that money went back to the card holder.
    const dispute = { paymentId, disputeId: 'dp_kept', amountCents: 3000, date: '2026-04-05', outcome: 'lost' as const, opened: { date: '2026-04-04', reason: null } };
    await invoices.move(draft.id, { type: 'CloseDispute', data: dispute }, 'gateway');
    expect(await creditOf(clientId)).toBe(50);
    expect((await admin.get(`/api/clients/${clientId}/`)).body.credit_balance).toBe(50);

    const target = await sentInvoice(clientId, 100);
    const over = await admin.post(`/api/clients/${clientId}/apply_credit/`, { invoice_id: target.id, amount: 50.01 });
    expect(over.status).toBe(400);
    expect(over.body.errors.amount).toEqual([overCreditBalance(5000)]);
    const res = await admin.post(`/api/clients/${clientId}/apply_credit/`, { invoice_id: target.id, amount: 50 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.transfers).toEqual([{ from_invoice_id: draft.id, amount: 50 }]);
    expect(await creditOf(clientId)).toBe(0);
  });

  it('completes a transfer whose receiving half a crash left unrecorded', async () => {
    const clientId = (await createClient(admin, { name: 'Crashed Midway Ltd' })).id;
    const a = await sentInvoice(clientId, 100);
    const b = await sentInvoice(clientId, 100);
    await pay(a.id, 140);
    // Only the first half, as a process that died after it would leave it.
    const transferId = uuidv5('crash-test', '6ba7b811-9dad-11d1-80b4-00c04fd430c8');
    await server.runtime.services.billing.invoices.move(a.id, { type: 'TransferCredit', data: { transferId, applicationId: transferId, toInvoiceId: b.id, toInvoiceNumber: b.invoice_number, amountCents: 4000, date: '2026-04-12' } }, 'test');
    expect((await invoice(b.id)).paid_amount).toBe(0);
    expect((await accountBalance(SYSTEM_ACCOUNT_IDS.creditTransfers)).net).toBe(-4000);

    const credit = server.runtime.services.billing.credit;
    expect(await credit.sweep()).toBe(0); // not yet: it may still be under way
    expect(await credit.sweep(0)).toBe(1);
    expect(await credit.sweep(0)).toBe(0);
    expect(await invoice(b.id)).toMatchObject({ paid_amount: 40, open_amount: 60 });
    expect((await accountBalance(SYSTEM_ACCOUNT_IDS.creditTransfers)).net).toBe(0);
    expect(await creditOf(clientId)).toBe(0);
  });

  it('completes a half-done transfer even after its day was locked, posting the second half on the first open day', async () => {
    const clientId = (await createClient(admin, { name: 'Locked Midway Ltd' })).id;
    const a = await sentInvoice(clientId, 100);
    const b = await sentInvoice(clientId, 100);
    await pay(a.id, 140);
    const transferId = uuidv5('crash-then-lock', '6ba7b811-9dad-11d1-80b4-00c04fd430c8');
    await server.runtime.services.billing.invoices.move(a.id, { type: 'TransferCredit', data: { transferId, applicationId: transferId, toInvoiceId: b.id, toInvoiceNumber: b.invoice_number, amountCents: 4000, date: '2026-04-12' } }, 'test');
    expect((await admin.put('/api/accounting/lock/', { locked_through: '2026-04-13' })).status).toBe(200);
    try {
      expect(await server.runtime.services.billing.credit.sweep(0)).toBe(1);
      expect(await invoice(b.id)).toMatchObject({ paid_amount: 40, open_amount: 60 });
      expect((await accountBalance(SYSTEM_ACCOUNT_IDS.creditTransfers)).net).toBe(0);
      const lines = await server.testDb.db('ledger_lines as l').join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where({ 'e.invoice_id': b.id, 'e.source_type': 'credit_transfer' }).select('l.date');
      expect(lines.map((l) => String(l.date instanceof Date ? l.date.toISOString() : l.date).slice(0, 10))).toEqual(['2026-04-14', '2026-04-14']);
    } finally {
      await admin.put('/api/accounting/lock/', { locked_through: null });
    }
  });
});
