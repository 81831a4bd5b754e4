import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../../domain/accounting/accounts';
import { WRITTEN_OFF } from '../../domain/invoice/decide';
import { invoiceStreamId } from '../../domain/invoice/events';
import { testBackends } from '../../test/db';
import { deliverStripeEvent, DISPUTE_FEE_CENTS, fakeFeeCents, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';

const WEBHOOK_SECRET = 'whsec_dispute_write_off';
/** The server's day: the write-off is dated on it. */
const TODAY = '2026-06-30';
const unix = (day: string) => Math.floor(new Date(`${day}T12:00:00Z`).getTime() / 1000);
const WRITE_OFF = 'mutation($id: ID!, $input: WriteOffInvoiceInput!) { writeOffInvoice(id: $id, input: $input) { writtenOff } }';

interface JournalEntry {
  date: string;
  description: string;
  source: string;
  invoiceId: string | null;
  lines: { accountName: string; debit: number; credit: number }[];
}

/**
 * Issue 35 after issue 18: an invoice paid by card through Stripe's checkout and webhook, disputed
 * and lost (the invoice is owed again), then written off as a bad debt by the admin.
 */
describe.each(testBackends())('a bad debt written off after a lost card dispute on $name', (backend) => {
  let server: TestServer;
  let fake: FakeStripe;
  let admin: TestClient;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer(backend, {
      clock: () => new Date(`${TODAY}T10:00:00Z`),
      env: { STRIPE_SECRET_KEY: 'sk_test_dispute_write_off', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url },
      limits: { publicFormsPerIp: 1000 },
    });
    admin = await adminOf(server);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  /** A Stripe event about `object`, signed with the SDK's own helper, reported by Stripe on `on`. */
  const deliver = (type: string, object: object, on: string) => deliverStripeEvent(server.client(), WEBHOOK_SECRET, type, object, undefined, new Date(`${on}T12:00:00Z`));
  const invoiceOf = async (id: string) => (await admin.get(`/api/invoices/${id}/`)).body;
  /** Debit minus credit of an account, for one invoice's entries or overall, in cents. */
  const balanceOf = async (accountId: string, invoiceId?: string): Promise<number> => {
    const q = server.testDb.db('ledger_lines as l').where('l.account_id', accountId);
    if (invoiceId) q.join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where('e.invoice_id', invoiceId);
    return Number((await q.select(server.testDb.db.raw('coalesce(sum(l.debit_cents - l.credit_cents), 0) as b')).first()).b);
  };
  /** The invoice's journal entries as the admin's journal lists them, oldest first. */
  const journalOf = async (invoiceId: string) => {
    const res = await admin.graphql('{ journalEntries(page: { limit: 500 }) { items { date description source invoiceId lines { accountName debit credit } } } }');
    expect(res.body.errors).toBeUndefined();
    return (res.body.data.journalEntries.items as JournalEntry[])
      .filter((e) => e.invoiceId === invoiceId)
      .map(({ date, source, description, lines }) => ({ date, source, description, lines: lines.map((l) => [l.accountName, l.debit, l.credit]) }))
      .sort((a, b) => `${a.date} ${a.source} ${a.description}`.localeCompare(`${b.date} ${b.source} ${b.description}`));
  };
  const agedFor = async (clientId: string, asOf: string) => {
    const body = (await admin.get(`/api/reports/aged-receivables/?as_of=${asOf}`)).body as { clients: { client_id: string; total: number; days_1_30: number }[]; totals: { total: number } };
    return { client: body.clients.find((c) => c.client_id === clientId), total: body.totals.total };
  };
  const streamLength = async (id: string) => (await server.runtime.deps.eventStore.readStream(invoiceStreamId(id))).length;

  /**
   * An invoice of 1,000.00 + 19 % VAT, sent on 1 June and due on the 15th, paid by card through the
   * checkout on 5 June (Stripe's webhook), disputed on 20 June and lost on 25 June.
   */
  const paidDisputedAndLost = async (name: string) => {
    const client = await createClient(admin, { name, email: `ap@${name.toLowerCase().replace(/\W+/g, '-')}.test` });
    const invoice = await createInvoice(admin, { client: client.id, date: '2026-06-01', due_date: '2026-06-15', items: [{ description: 'Compliance audit', quantity: 1, unit_price: 1000, vat_rate: 19 }] });
    expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
    const checkout = await server.client().agent.post(`/api/invoices/${invoice.id}/create-checkout-session/`).send({});
    expect(checkout.status).toBe(200);
    const session = fake.complete(checkout.body.sessionId, 'paid', new Date('2026-06-05T12:00:00Z'));
    expect((await deliver('checkout.session.completed', session, '2026-06-05')).body.outcome).toBe('recorded');
    expect(await invoiceOf(invoice.id)).toMatchObject({ paid: true, paid_amount: 1190, open_amount: 0 });

    const dispute = { ...fake.dispute(session.payment_intent!), created: unix('2026-06-20') };
    expect((await deliver('charge.dispute.created', dispute, '2026-06-20')).status).toBe(200);
    // While the dispute is open the money is held apart and the invoice still counts as paid.
    expect(await balanceOf(A.disputedPayments, invoice.id)).toBe(119_000);
    expect(await invoiceOf(invoice.id)).toMatchObject({ paid: true, open_amount: 0 });
    const lost = { ...fake.closeDispute(dispute.id, 'lost'), created: unix('2026-06-20') };
    expect((await deliver('charge.dispute.closed', lost, '2026-06-25')).status).toBe(200);
    return { client, invoice, lost };
  };

  it('the lost dispute makes the invoice owed again; the admin writes it off: Dr Bad Debts, Cr Accounts Receivable, the books balance and aged receivables drop it', async () => {
    const { client, invoice } = await paidDisputedAndLost('Chargeback GmbH');
    // Lost: owed again in full, in aged receivables (14 days past due) and as an unpaid invoice.
    expect(await invoiceOf(invoice.id)).toMatchObject({ paid: false, paid_amount: 0, open_amount: 1190, written_off: false });
    expect((await admin.get(`/api/invoices/${invoice.id}/payments/`)).body).toEqual([expect.objectContaining({ method: 'card', amount: 1190, dispute_status: 'lost' })]);
    expect(await balanceOf(A.receivables, invoice.id)).toBe(119_000);
    expect(await balanceOf(A.disputedPayments, invoice.id)).toBe(0);
    expect(await agedFor(client.id, '2026-06-29')).toEqual({ client: expect.objectContaining({ total: 1190, days_1_30: 1190 }), total: 1190 });
    expect((await admin.get('/api/invoices/?status=unpaid')).body.map((i: { id: string }) => i.id)).toContain(invoice.id);

    const res = await admin.post(`/api/invoices/${invoice.id}/write-off/`, { date: TODAY, reason: 'Chargeback lost; client unreachable' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ id: invoice.id, written_off: true, written_off_amount: 1190, written_off_on: TODAY, recovered_amount: 0, open_amount: 0, paid: false, paid_amount: 0 });
    expect(await invoiceOf(invoice.id)).toMatchObject({ written_off: true, written_off_amount: 1190, open_amount: 0, paid: false });

    // The journal: the card payment and its fee, the dispute held apart with its fee, the loss back
    // on receivables, and the write-off of the whole gross (VAT is not adjusted).
    const fee = fakeFeeCents(119_000) / 100;
    expect(await journalOf(invoice.id)).toEqual([
      { date: '2026-06-01', source: 'invoice', description: `Invoice ${invoice.invoice_number}`, lines: [['Accounts Receivable', 1190, 0], ['Services Revenue', 0, 1000], ['VAT Payable', 0, 190]] },
      { date: '2026-06-05', source: 'fee', description: 'Card payment fee', lines: [['Bank and Payment Fees', fee, 0], ['Stripe Clearing', 0, fee]] },
      { date: '2026-06-05', source: 'payment', description: expect.stringMatching(/^Payment pi_test_/), lines: [['Stripe Clearing', 1190, 0], ['Accounts Receivable', 0, 1190]] },
      { date: '2026-06-20', source: 'dispute', description: 'Payment disputed', lines: [['Disputed Payments', 1190, 0], ['Stripe Clearing', 0, 1190]] },
      { date: '2026-06-20', source: 'fee', description: 'Dispute fee', lines: [['Bank and Payment Fees', DISPUTE_FEE_CENTS / 100, 0], ['Stripe Clearing', 0, DISPUTE_FEE_CENTS / 100]] },
      { date: '2026-06-25', source: 'dispute', description: 'Dispute lost', lines: [['Accounts Receivable', 1190, 0], ['Disputed Payments', 0, 1190]] },
      { date: TODAY, source: 'write_off', description: `Bad debt written off: invoice ${invoice.invoice_number}`, lines: [['Bad Debts', 1190, 0], ['Accounts Receivable', 0, 1190]] },
    ]);
    expect([await balanceOf(A.receivables, invoice.id), await balanceOf(A.disputedPayments, invoice.id), await balanceOf(A.badDebts, invoice.id)]).toEqual([0, 0, 119_000]);
    // Stripe clearing is what Stripe still holds for us: the charge less its fee, the withdrawn amount and the dispute fee.
    expect(await balanceOf(A.stripeClearing)).toBe(fake.pendingNetCents());

    // The trial balance stays balanced; nothing is left on receivables or disputed payments.
    const trial = await admin.graphql(`{ trialBalance(asOf: "${TODAY}") { totalDebit totalCredit rows { code account debit credit } } }`);
    expect(trial.body.errors).toBeUndefined();
    const tb = trial.body.data.trialBalance as { totalDebit: number; totalCredit: number; rows: { code: string; account: string; debit: number; credit: number }[] };
    const fees = fee + DISPUTE_FEE_CENTS / 100;
    expect(tb.totalDebit).toBe(tb.totalCredit);
    expect(tb.rows).toEqual([
      { code: '1010', account: 'Stripe Clearing', debit: 0, credit: fees },
      { code: '2100', account: 'VAT Payable', debit: 0, credit: 190 },
      { code: '4100', account: 'Services Revenue', debit: 0, credit: 1000 },
      { code: '5500', account: 'Bank and Payment Fees', debit: fees, credit: 0 },
      { code: '5800', account: 'Bad Debts', debit: 1190, credit: 0 },
    ]);
    expect(tb.totalDebit).toBe(1190 + fees);

    // Aged receivables no longer show it from the write-off day; the day before is unchanged.
    expect(await agedFor(client.id, TODAY)).toEqual({ client: undefined, total: 0 });
    expect((await agedFor(client.id, '2026-06-29')).client).toMatchObject({ total: 1190 });
    expect((await admin.get('/api/invoices/?status=unpaid')).body.map((i: { id: string }) => i.id)).not.toContain(invoice.id);
    const history = (await admin.get(`/api/invoices/${invoice.id}/history/`)).body as { type: string; data: Record<string, unknown> }[];
    expect(history.map((h) => h.type).filter((t) => /Payment|Dispute|WrittenOff/.test(t))).toEqual(['PaymentRecorded', 'PaymentDisputed', 'DisputeClosed', 'InvoiceWrittenOff']);
    expect(history.at(-1)!.data).toMatchObject({ amountCents: 119_000, date: TODAY, reason: 'Chargeback lost; client unreachable' });
  });

  it('a second write-off is refused over REST and GraphQL, and a replayed lost report moves nothing, leaving one Bad Debts posting', async () => {
    const { client, invoice, lost } = await paidDisputedAndLost('Twice Ltd');
    expect((await admin.post(`/api/invoices/${invoice.id}/write-off/`, { date: TODAY, reason: 'Chargeback lost' })).status).toBe(201);
    const events = await streamLength(invoice.id);
    const journal = await journalOf(invoice.id);

    const again = await admin.post(`/api/invoices/${invoice.id}/write-off/`, { date: TODAY, reason: 'Once more' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: WRITTEN_OFF });
    const viaGraphql = await admin.graphql(WRITE_OFF, { id: invoice.id, input: { date: TODAY, reason: 'Once more' } });
    expect(viaGraphql.body.errors[0].message).toBe(WRITTEN_OFF);
    // Stripe delivers the lost dispute again: nothing more is owed, nothing moves.
    expect((await deliver('charge.dispute.closed', lost, '2026-06-26')).status).toBe(200);

    expect(await streamLength(invoice.id)).toBe(events);
    expect(await journalOf(invoice.id)).toEqual(journal);
    expect(journal.filter((e) => e.source === 'write_off')).toHaveLength(1);
    expect([await balanceOf(A.badDebts, invoice.id), await balanceOf(A.receivables, invoice.id)]).toEqual([119_000, 0]);
    expect(await invoiceOf(invoice.id)).toMatchObject({ written_off: true, written_off_amount: 1190, open_amount: 0, paid: false });
    expect((await agedFor(client.id, TODAY)).client).toBeUndefined();
    // Both write-offs together: Bad Debts holds the two, and the books still balance.
    expect(await balanceOf(A.badDebts)).toBe(2 * 119_000);
    const [{ debit, credit }] = await server.testDb.db('ledger_lines').sum({ debit: 'debit_cents', credit: 'credit_cents' });
    expect(Number(debit)).toBe(Number(credit));
  });
});
