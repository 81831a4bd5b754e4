import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { validateUbl } from '../../test/en16931';
import { pdfText } from '../../test/pdf-text';
import { toEuroCents } from '../../domain/currency/conversion';
import { adminOf, createClient, createInvoice, createProduct, createSubscription } from './test/fixtures';

const { receivables, bank, exchangeGains, exchangeLosses, vatPayable, servicesRevenue } = SYSTEM_ACCOUNT_IDS;
const licence = (price: number, vat = 0) => [{ description: 'Platform licence', quantity: 1, unit_price: price, vat_rate: vat }];

interface LineRow {
  account_id: string;
  debit_cents: number;
  credit_cents: number;
  currency: string | null;
  foreign_cents: number | null;
  rate: string | null;
  source_type: string;
}

// Issue 40: an invoice of a client invoiced in US dollars is posted in euros at the rate of its date,
// each line keeping its dollars and the rate; a payment at another rate realises the difference.
describe.each(testBackends())('invoices in another currency on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;

  const lines = async (invoiceId: string): Promise<LineRow[]> =>
    (await server.testDb
      .db('ledger_lines as l')
      .join('ledger_entries as e', 'e.entry_id', 'l.entry_id')
      .where('e.invoice_id', invoiceId)
      .orderBy('l.id')
      .select('l.account_id', 'l.debit_cents', 'l.credit_cents', 'l.currency', 'l.foreign_cents', server.testDb.db.raw('l.rate::float8::text as rate'), 'e.source_type')) as LineRow[];
  const balance = (rows: LineRow[], accountId: string) => rows.filter((r) => r.account_id === accountId).reduce((s, r) => s + Number(r.debit_cents) - Number(r.credit_cents), 0);
  const trialBalance = async () => Number(((await server.testDb.db('ledger_lines').select(server.testDb.db.raw('coalesce(sum(debit_cents - credit_cents), 0) as t')).first()) as { t: string }).t);

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-11-02T10:00:00Z') });
    admin = await adminOf(server);
    clientId = (await createClient(admin, { name: 'Liberty Analytics Inc.', country: 'US', email: 'ap@liberty.test', currency: 'usd' })).id;
    for (const [date, rate] of [
      ['2026-10-01', '1.10'],
      ['2026-10-15', '1.05'],
      ['2026-10-31', '1.08'],
    ]) {
      expect((await admin.post('/api/exchange-rates/', { date, currency: 'USD', rate })).status).toBe(201);
    }
  });
  afterAll(() => server?.close());

  it("books USD 1,000.00 at 1.10 as EUR 909.09, and paid at 1.05 EUR 952.38 with a realised gain of EUR 43.29", async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-10-01', due_date: '2026-10-31', items: licence(1000) });
    expect(inv.total_amount).toBe(1000);
    expect((await admin.get(`/api/invoices/${inv.id}/`)).body).toMatchObject({ currency: 'USD', exchange_rate: 1.1, total_amount: 1000 });
    const graphql = await admin.graphql('query($id: ID!) { invoice(id: $id) { currency exchangeRate totalAmount } }', { id: inv.id });
    expect(graphql.body.data.invoice).toEqual({ currency: 'USD', exchangeRate: 1.1, totalAmount: 1000 });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    const issued = await lines(inv.id);
    expect(issued).toEqual([
      { account_id: receivables, debit_cents: 90_909, credit_cents: 0, currency: 'USD', foreign_cents: 100_000, rate: '1.1', source_type: 'invoice' },
      { account_id: servicesRevenue, debit_cents: 0, credit_cents: 90_909, currency: 'USD', foreign_cents: 100_000, rate: '1.1', source_type: 'invoice' },
    ]);
    const paid = await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 1000, date: '2026-10-15', method: 'bank_transfer' });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body).toMatchObject({ paid: true, open_amount: 0 });
    const after = await lines(inv.id);
    expect(after.filter((r) => r.source_type === 'payment')).toEqual([
      { account_id: bank, debit_cents: 95_238, credit_cents: 0, currency: 'USD', foreign_cents: 100_000, rate: '1.05', source_type: 'payment' },
      { account_id: receivables, debit_cents: 0, credit_cents: 90_909, currency: 'USD', foreign_cents: 100_000, rate: '1.1', source_type: 'payment' },
      { account_id: exchangeGains, debit_cents: 0, credit_cents: 4_329, currency: null, foreign_cents: null, rate: null, source_type: 'payment' },
    ]);
    expect(balance(after, receivables)).toBe(0);
    expect(await trialBalance()).toBe(0);
  });

  it('prints it in dollars with its VAT in euros, on the PDF and in an e-invoice that passes EN 16931', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-10-15', due_date: '2026-11-15', items: licence(500, 19) });
    await admin.post(`/api/invoices/${inv.id}/send/`);
    const ubl = (await admin.download(`/api/invoices/${inv.id}/ubl/`)).body.toString('utf8');
    expect(ubl).toContain('<cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>');
    expect(ubl).toContain('<cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode>');
    // 95.00 USD of VAT at 1.05: 90.48 EUR, as the ledger posted it to VAT Payable.
    expect(ubl).toContain('<cbc:TaxAmount currencyID="EUR">90.48</cbc:TaxAmount>');
    expect(-balance(await lines(inv.id), vatPayable)).toBe(9_048);
    expect(validateUbl(ubl).fatal).toEqual([]);
    const pdf = pdfText((await admin.download(`/api/invoices/${inv.id}/pdf/`)).body).join('\n');
    expect(pdf).toMatch(/Total Amount\s+US\$595\.00/);
    expect(pdf).toMatch(/Total VAT in EUR\s+90,48\s€/);
    expect(pdf).toContain('Exchange rate: 1 EUR = 1.05 USD');
  });

  it("shows the client's statement in euros with each document's dollars beside it", async () => {
    const statement = await server.runtime.services.billing.statements.statement(clientId, { from: '2026-10-01', to: '2026-10-31' });
    expect(statement.rows[0]).toMatchObject({ date: '2026-10-01', kind: 'invoice', debitCents: 90_909, foreign: { currency: 'USD', cents: 100_000 } });
    expect(statement.rows[1]).toMatchObject({ date: '2026-10-15', kind: 'payment', creditCents: 90_909, foreign: { currency: 'USD', cents: -100_000 } });
    const pdf = pdfText((await admin.download(`/api/clients/${clientId}/statement/?from=2026-10-01&to=2026-10-31&lang=en`)).body).join('\n');
    expect(pdf).toContain('Invoice: US$1,000.00');
    expect(pdf).toContain('Payment: US$1,000.00');
  });

  it('clears part payments by their share of the booked euros, the last one what is left, each realising its difference', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-10-15', due_date: '2026-11-15', items: licence(500, 19) });
    await admin.post(`/api/invoices/${inv.id}/send/`);
    const issued = await lines(inv.id);
    // 595.00 USD at 1.05: the gross and the VAT converted, the net what is left.
    expect(balance(issued, receivables)).toBe(56_667);
    expect(-balance(issued, vatPayable)).toBe(9_048);
    expect(-balance(issued, servicesRevenue)).toBe(56_667 - 9_048);
    expect((await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 200, date: '2026-10-31', method: 'bank_transfer' })).status).toBe(201);
    const over = await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 400, date: '2026-10-31', method: 'bank_transfer' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('A payment of an invoice in USD can be at most what is open (395.00 USD).');
    expect((await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 395, date: '2026-11-02', method: 'bank_transfer' })).status).toBe(201);
    const all = await lines(inv.id);
    expect(balance(all, receivables)).toBe(0);
    // 200 at 1.08 = 185.19 for 56,667 × 200/595 = 190.48 booked; 395 at 1.08 = 365.74 for the 376.19 left.
    expect(balance(all, bank)).toBe(18_519 + 36_574);
    expect(balance(all, exchangeLosses)).toBe(19_048 - 18_519 + (56_667 - 19_048) - 36_574);
    expect(await trialBalance()).toBe(0);
  });

  it('posts a draft again at the rate of its new date, and takes it off whole when it is deleted', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-10-01', due_date: '2026-10-31', items: licence(100) });
    expect(balance(await lines(inv.id), receivables)).toBe(9_091);
    const moved = await admin.put(`/api/invoices/${inv.id}/`, { client: clientId, date: '2026-10-31', due_date: '2026-11-30', items: licence(100) });
    expect(moved.status, moved.text).toBe(200);
    const edited = await lines(inv.id);
    expect(balance(edited, receivables)).toBe(9_259);
    expect(edited.filter((r) => r.account_id === receivables && r.credit_cents > 0)).toEqual([expect.objectContaining({ credit_cents: 9_091, rate: '1.1' })]);
    expect((await admin.delete(`/api/invoices/${inv.id}/`)).status).toBe(204);
    expect(balance(await lines(inv.id), receivables)).toBe(0);
    expect(await trialBalance()).toBe(0);
  });

  it('refuses a document dated before any rate of its currency, naming both, and writes nothing', async () => {
    const before = await server.testDb.db('ledger_lines').count({ n: '*' });
    const early = await admin.post('/api/invoices/', { client: clientId, date: '2026-09-30', due_date: '2026-10-30', items: licence(100) });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/no USD exchange rate on or before 2026-09-30/);
    expect(await server.testDb.db('ledger_lines').count({ n: '*' })).toEqual(before);
  });

  it('writes off the dollars open at their booked euros; money that comes later recovers the bad debt at its own euros', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-10-15', due_date: '2026-11-15', items: licence(50) });
    await admin.post(`/api/invoices/${inv.id}/send/`);
    // USD 50.00 at 1.05: 47.62 EUR booked, all of it written off.
    const writeOff = await admin.post(`/api/invoices/${inv.id}/write-off/`, { date: '2026-10-20', reason: 'Client gone quiet' });
    expect(writeOff.status, writeOff.text).toBe(201);
    let rows = await lines(inv.id);
    expect(balance(rows, receivables)).toBe(0);
    expect(balance(rows, SYSTEM_ACCOUNT_IDS.badDebts)).toBe(4_762);
    expect(rows.find((r) => r.source_type === 'write_off' && r.account_id === receivables)).toMatchObject({ currency: 'USD', rate: '1.05' });
    expect(Number(rows.find((r) => r.source_type === 'write_off' && r.account_id === receivables)!.foreign_cents)).toBe(5_000);
    // Still owed in law: at most the 50.00 dollars written off can come in by hand.
    const over = await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 50.01, date: '2026-10-31', method: 'bank_transfer' });
    expect(over.status).toBe(400);
    // USD 30.00 at 1.08 (27.78 EUR) and then 20.00 (18.52 EUR) recover the bad debt: Bad Debts credited, the receivable untouched.
    expect((await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 30, date: '2026-10-31', method: 'bank_transfer' })).status).toBe(201);
    expect((await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 20, date: '2026-11-01', method: 'bank_transfer' })).status).toBe(201);
    rows = await lines(inv.id);
    expect(balance(rows, receivables)).toBe(0);
    expect(balance(rows, bank)).toBe(2_778 + 1_852);
    expect(balance(rows, SYSTEM_ACCOUNT_IDS.badDebts)).toBe(4_762 - 2_778 - 1_852);
    expect(balance(rows, exchangeGains) + balance(rows, exchangeLosses)).toBe(0);
    expect((await admin.get(`/api/invoices/${inv.id}/`)).body).toMatchObject({ paid: true, written_off: true });
    expect(await trialBalance()).toBe(0);
  });

  it('refuses what invoices in another currency cannot do yet: the simulated card checkout', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-10-15', due_date: '2026-11-15', items: licence(50) });
    await admin.post(`/api/invoices/${inv.id}/send/`);
    // Pay Now is not offered for it on the pay link, nor in GraphQL's; it is for euros.
    expect((await admin.get(`/api/public/invoices/${inv.id}/`)).body).toMatchObject({ currency: 'USD', card_payment: false });
    const graphql = await admin.graphql('query($id: ID!) { publicInvoice(id: $id) { currency cardPayment } }', { id: inv.id });
    expect(graphql.body.data.publicInvoice).toEqual({ currency: 'USD', cardPayment: false });
    const checkout = await admin.post(`/api/invoices/${inv.id}/create-checkout-session/`, {});
    expect(checkout.status).toBe(400);
    // The simulated checkout (no Stripe keys) charges euros only; Stripe charges dollars (api/payments/foreign-card.e2e.spec.ts).
    expect(checkout.body.message).toBe('This invoice is in USD: it cannot be paid by card here. Please pay it by bank transfer.');
  });

  it("credits in dollars at the invoice's rate: part of what is open, then the rest, which clears the booked euros to the cent", async () => {
    // 595.00 USD at 1.05 (56,667 booked), 200 paid at 1.08: 37,619 booked euros left for 395.00 USD.
    const inv = await createInvoice(admin, { client: clientId, date: '2026-10-15', due_date: '2026-11-15', items: licence(500, 19) });
    await admin.post(`/api/invoices/${inv.id}/send/`);
    expect((await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 200, date: '2026-10-31', method: 'bank_transfer' })).status).toBe(201);
    const part = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Discount', date: '2026-11-01', items: [{ description: 'Discount', quantity: 1, unit_price: 100, vat_rate: 19 }] });
    expect(part.status, part.text).toBe(201);
    expect(part.body).toMatchObject({ currency: 'USD', exchange_rate: 1.05, total_amount: 119, full: false });
    const partLines = (await lines(inv.id)).filter((r) => r.source_type === 'credit_note');
    // 119.00 USD is 119/395 of the 37,619 left: 11,333; its VAT 19.00 USD at 1.05 is 18.10, as on the invoice.
    expect(partLines).toEqual([
      { account_id: receivables, debit_cents: 0, credit_cents: 11_333, currency: 'USD', foreign_cents: 11_900, rate: '1.05', source_type: 'credit_note' },
      { account_id: servicesRevenue, debit_cents: 11_333 - 1_810, credit_cents: 0, currency: 'USD', foreign_cents: 10_000, rate: '1.05', source_type: 'credit_note' },
      { account_id: vatPayable, debit_cents: 1_810, credit_cents: 0, currency: 'USD', foreign_cents: 1_900, rate: '1.05', source_type: 'credit_note' },
    ]);
    // 231.93 USD and its 44.07 of VAT: the 276.00 still open, which takes off all 26,286 booked euros left.
    const rest = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Settled', date: '2026-11-01', items: [{ description: 'Rest', quantity: 1, unit_price: 231.93, vat_rate: 19 }] });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body).toMatchObject({ currency: 'USD', total_amount: 276, full: false });
    const all = await lines(inv.id);
    expect(balance(all, receivables)).toBe(0);
    expect((await admin.get(`/api/invoices/${inv.id}/`)).body).toMatchObject({ open_amount: 0, paid: true });
    // Its VAT return's movements are the VAT it posted, in euros.
    const vatPosted = -balance(all, vatPayable);
    expect(vatPosted).toBe(9_048 - 1_810 - toEuroCents(4_407, '1.05'));
    expect(await trialBalance()).toBe(0);
    // The document: in dollars, its VAT in euros at the invoice's rate; its e-invoice passes EN 16931.
    const ubl = (await admin.download(`/api/credit-notes/${part.body.id}/ubl/`)).body.toString('utf8');
    expect(ubl).toContain('<cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>');
    expect(ubl).toContain('<cbc:TaxAmount currencyID="EUR">18.10</cbc:TaxAmount>');
    expect(validateUbl(ubl).fatal).toEqual([]);
    const pdf = pdfText((await admin.download(`/api/credit-notes/${part.body.id}/pdf/`)).body).join('\n');
    expect(pdf).toMatch(/Total Amount\s+US\$119\.00/);
    expect(pdf).toContain('Exchange rate: 1 EUR = 1.05 USD');
    const graphql = await admin.graphql('query($id: ID!) { creditNote(id: $id) { currency exchangeRate totalAmount } }', { id: part.body.id });
    expect(graphql.body.data.creditNote).toEqual({ currency: 'USD', exchangeRate: 1.05, totalAmount: 119 });
  });

  it('credits a paid invoice into a credit balance in dollars, and refunds it at the rate of its day, realising the difference', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-10-01', due_date: '2026-10-31', items: licence(1000) });
    await admin.post(`/api/invoices/${inv.id}/send/`);
    const payment = await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 1000, date: '2026-10-15', method: 'bank_transfer' });
    expect(payment.status, payment.text).toBe(201);
    // Paid: 200.00 USD credited at the invoice's 1.10 is 181.82 EUR the client holds.
    const credited = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Fewer seats', date: '2026-10-20', items: [{ description: 'Seats', quantity: 1, unit_price: 200, vat_rate: 0 }] });
    expect(credited.status, credited.text).toBe(201);
    expect(balance(await lines(inv.id), receivables)).toBe(-18_182);
    const client = (await admin.get(`/api/clients/${clientId}/`)).body;
    expect(client.credit_balance).toBe(200);
    // Refunded on 31 October at 1.08: 185.19 EUR leave the bank for the 181.82 booked, a loss of 3.37.
    const paymentId = (await admin.get(`/api/invoices/${inv.id}/payments/`)).body[0].id as string;
    const refund = await admin.post(`/api/payments/${paymentId}/refund/`, { amount: 200, reason: 'Credit paid back', date: '2026-10-31' });
    expect(refund.status, refund.text).toBe(201);
    const refundLines = (await lines(inv.id)).filter((r) => r.source_type === 'refund');
    expect(refundLines).toEqual([
      { account_id: receivables, debit_cents: 18_182, credit_cents: 0, currency: 'USD', foreign_cents: 20_000, rate: '1.1', source_type: 'refund' },
      { account_id: bank, debit_cents: 0, credit_cents: 18_519, currency: 'USD', foreign_cents: 20_000, rate: '1.08', source_type: 'refund' },
      { account_id: exchangeLosses, debit_cents: 337, credit_cents: 0, currency: null, foreign_cents: null, rate: null, source_type: 'refund' },
    ]);
    expect(balance(await lines(inv.id), receivables)).toBe(0);
    expect((await admin.get(`/api/clients/${clientId}/`)).body.credit_balance).toBe(0);
    expect(await trialBalance()).toBe(0);
  });

  it("applies a credit balance in dollars to another dollar invoice: it leaves at its booked euros, and the difference from the other's is realised", async () => {
    const a = await createInvoice(admin, { client: clientId, date: '2026-10-01', due_date: '2026-10-31', items: licence(300) });
    await admin.post(`/api/invoices/${a.id}/send/`);
    expect((await admin.post(`/api/invoices/${a.id}/payments/`, { amount: 300, date: '2026-10-15', method: 'bank_transfer' })).status).toBe(201);
    expect((await admin.post(`/api/invoices/${a.id}/credit-notes/`, { reason: 'Fewer seats', date: '2026-10-15', items: [{ description: 'Seats', quantity: 1, unit_price: 100, vat_rate: 0 }] })).status).toBe(201);
    const b = await createInvoice(admin, { client: clientId, date: '2026-10-15', due_date: '2026-11-15', items: licence(250) });
    await admin.post(`/api/invoices/${b.id}/send/`);
    expect((await admin.get(`/api/clients/${clientId}/`)).body.credit_balance).toBe(100);
    const applied = await admin.post(`/api/clients/${clientId}/apply_credit/`, { invoice_id: b.id, amount: 100, date: '2026-10-31' });
    expect(applied.status, applied.text).toBe(201);
    // 100.00 USD held at the 1.10 of its invoice (90.91 EUR) clears 100/250 of the other's 238.10 EUR booked at 1.05: a loss of 4.33.
    expect(balance(await lines(a.id), receivables)).toBe(0);
    const received = (await lines(b.id)).filter((r) => r.source_type === 'credit_transfer');
    expect(received.map((r) => [r.account_id, r.debit_cents, r.credit_cents, r.foreign_cents])).toEqual([
      [SYSTEM_ACCOUNT_IDS.creditTransfers, 9_091, 0, 10_000],
      [receivables, 0, 9_524, 10_000],
      [exchangeLosses, 433, 0, null],
    ]);
    expect((await admin.get(`/api/invoices/${b.id}/`)).body).toMatchObject({ open_amount: 150, paid_amount: 100 });
    expect((await admin.get(`/api/clients/${clientId}/`)).body.credit_balance).toBe(0);
    expect(await trialBalance()).toBe(0);
  });

  it("invoices a subscription in the client's currency: the product's euro price at the invoice date's rate, a period without a rate refused and reported", async () => {
    const product = await createProduct(admin, { name: 'Enterprise', price: 2000, billing_cycle: 'monthly', vat_rate: 0 });
    const early = await createSubscription(admin, { client: clientId, product: product.id, start_date: '2026-09-01', status: 'active', auto_generate_invoices: true });
    const run = await server.runtime.services.billing.recurring.run({ today: '2026-10-01' });
    // September has no USD rate: its period waits (and so do the later ones of that subscription).
    expect(run.refused).toEqual([expect.objectContaining({ subscriptionId: early.id, periodStart: '2026-09-01', message: expect.stringMatching(/no USD exchange rate on or before 2026-09-01/) })]);
    expect(run.created).toBe(0);
    const sub = await createSubscription(admin, { client: clientId, product: product.id, start_date: '2026-10-15', status: 'active', auto_generate_invoices: false });
    const made = await admin.post(`/api/subscriptions/${sub.id}/create-invoice/`);
    expect(made.status, made.text).toBe(201);
    // €2,000.00 at 1.05 (the rate of 15 October) is $2,100.00, booked back at the same rate.
    expect(made.body).toMatchObject({ currency: 'USD', exchange_rate: 1.05, total_amount: 2100, items: [expect.objectContaining({ unit_price: 2100 })] });
    expect(balance(await lines(made.body.id), receivables)).toBe(200_000);
  });

  it("keeps a client's currency once it has invoices, and refuses one the ECB does not quote", async () => {
    const client = (await admin.get(`/api/clients/${clientId}/`)).body;
    expect(client.currency).toBe('USD');
    const change = await admin.put(`/api/clients/${clientId}/`, { ...client, currency: 'GBP' });
    expect(change.status).toBe(400);
    expect(change.body.errors.currency).toEqual(['The currency of a client with invoices or subscriptions cannot change: its documents are in it.']);
    // Resending its own currency is no change.
    expect((await admin.put(`/api/clients/${clientId}/`, { ...client, phone: '+1 555 0100' })).status).toBe(200);
    const fresh = await createClient(admin, { name: 'Zurich Risk AG', email: 'ap@zurich.test' });
    expect((await admin.get(`/api/clients/${fresh.id}/`)).body.currency).toBe('EUR');
    const bad = await admin.put(`/api/clients/${fresh.id}/`, { ...(await admin.get(`/api/clients/${fresh.id}/`)).body, currency: 'XYZ' });
    expect(bad.body.errors.currency).toEqual(['Choose the euro or a currency the ECB publishes a reference rate for.']);
    const graphql = await admin.graphql('mutation($id: ID!, $input: ClientInput!) { updateClient(id: $id, input: $input) { currency } }', { id: fresh.id, input: { name: 'Zurich Risk AG', email: 'ap@zurich.test', currency: 'chf' } });
    expect(graphql.body.data.updateClient).toEqual({ currency: 'CHF' });
  });

  it('leaves invoices of clients in euros as they were: no foreign amounts on their lines', async () => {
    const euro = await createClient(admin, { name: 'Euro Client Ltd', email: 'a@euro.test' });
    const inv = await createInvoice(admin, { client: euro.id, date: '2026-10-01', due_date: '2026-10-31', items: licence(100, 19) });
    const rows = await lines(inv.id);
    expect(rows.map((r) => [r.debit_cents, r.credit_cents, r.currency, r.foreign_cents, r.rate])).toEqual([
      [11_900, 0, null, null, null],
      [0, 10_000, null, null, null],
      [0, 1_900, null, null, null],
    ]);
  });
});
