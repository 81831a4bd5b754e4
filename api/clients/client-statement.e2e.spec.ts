import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuros } from '../../domain/shared/money';
import { testBackends } from '../../test/db';
import { pdfText } from '../../test/pdf-text';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice, userClient } from '../invoicing/test/fixtures';

/** The PDF of a statement request, with its text. */
const download = async (client: TestClient, url: string, headers: Record<string, string> = {}) => {
  let req = client.download(url);
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  const res = await req;
  const body = res.body as Buffer;
  const isPdf = res.headers['content-type'] === 'application/pdf';
  return { status: res.status, headers: res.headers, text: isPdf ? pdfText(body) : [], json: isPdf ? null : JSON.parse(body.toString('utf8') || 'null') };
};

/** Amounts as printed: de-DE with a no-break space before the euro sign. */
const eur = (cents: number) => formatEuros(cents);

/** The value printed right after a label in the same row (the amount columns follow the description). */
const after = (text: string[], label: string, offset = 1): string | undefined => text[text.indexOf(label) + offset];

describe.each(testBackends())('client statements on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let alpha: { id: string };
  let beta: { id: string };
  let numbers: { old: string; main: string; beta: string; creditNote: string };

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-12-31T12:00:00Z') });
    admin = await adminOf(server);
    alpha = await createClient(admin, { name: 'Alpha Statement Ltd', email: 'alpha@statement.test' });
    beta = await createClient(admin, { name: 'Beta Statement SA', email: 'beta@statement.test' });
    const item = (unit_price: number, vat_rate = 0) => [{ description: 'GRC platform licence', unit_price, vat_rate }];
    // Before the period: owed 100, of which 60 is paid in the period.
    const old = await createInvoice(admin, { client: alpha.id, date: '2025-12-10', due_date: '2025-12-24', items: item(100) });
    await admin.post(`/api/invoices/${old.id}/send/`);
    await admin.post(`/api/invoices/${old.id}/payments/`, { amount: 60, date: '2026-01-05', method: 'bank_transfer', reference: 'BANK-0105' });
    // In the period: 200 + 24 % VAT, part credited, then paid beyond what is left (the client ends in credit).
    const main = await createInvoice(admin, { client: alpha.id, date: '2026-02-01', due_date: '2026-02-15', items: item(200, 24) });
    expect(main.total_amount).toBe(248);
    await admin.post(`/api/invoices/${main.id}/send/`);
    const cn = await admin.post(`/api/invoices/${main.id}/credit-notes/`, { reason: 'Discount', date: '2026-02-10', items: item(50, 24) });
    expect(cn.status).toBe(201);
    await admin.post(`/api/invoices/${main.id}/payments/`, { amount: 300, date: '2026-03-01', method: 'card' });
    // After the period: in the closing balance of a later statement only.
    await createInvoice(admin, { client: alpha.id, date: '2026-08-01', due_date: '2026-08-15', items: item(40) });
    const b = await createInvoice(admin, { client: beta.id, date: '2026-02-02', due_date: '2026-02-16', items: item(500) });
    numbers = { old: old.invoice_number, main: main.invoice_number, beta: b.invoice_number, creditNote: cn.body.credit_note_number };
  });
  afterAll(() => server?.close());

  const agedNet = async (clientId: string, asOf: string): Promise<number> => {
    const res = await admin.get(`/api/reports/aged-receivables/?as_of=${asOf}`);
    const row = res.body.clients.find((c: { client_id: string }) => c.client_id === clientId);
    return row ? Math.round((row.total - row.credit_balance) * 100) : 0;
  };

  it("lists the period's invoices, credit notes and payments between an opening and a closing balance that tie to the ledger", async () => {
    const s = await server.runtime.services.billing.statements.statement(alpha.id, { from: '2026-01-01', to: '2026-06-30' });
    expect(s.openingCents).toBe(10_000);
    expect(s.rows.map((r) => [r.date, r.kind, r.document, r.debitCents, r.creditCents, r.balanceCents])).toEqual([
      ['2026-01-05', 'payment', 'BANK-0105', 0, 6_000, 4_000],
      ['2026-02-01', 'invoice', numbers.main, 24_800, 0, 28_800],
      ['2026-02-10', 'credit_note', numbers.creditNote, 0, 6_200, 22_600],
      ['2026-03-01', 'payment', numbers.main, 0, 30_000, -7_400],
    ]);
    expect(s.totals).toEqual({ debitCents: 24_800, creditCents: 42_200 });
    expect(s.closingCents).toBe(-7_400);
    // The client's receivables in the books, as the aged receivables split the ledger, at both ends.
    expect(await agedNet(alpha.id, '2026-06-30')).toBe(s.closingCents);
    expect(await agedNet(alpha.id, '2025-12-31')).toBe(s.openingCents);
    // Every client's closing balance adds up to the balance sheet's Accounts Receivable less the
    // customer credit it shows apart as a liability (Alpha's credit here).
    const later = await server.runtime.services.billing.statements.statement(alpha.id, { from: '2026-07-01', to: '2026-12-31' });
    expect(later.openingCents).toBe(s.closingCents);
    expect(later.closingCents).toBe(-7_400 + 4_000);
    const other = await server.runtime.services.billing.statements.statement(beta.id, { to: '2026-12-31' });
    const sheet = await admin.get('/api/reports/balance-sheet/?as_of=2026-12-31');
    const receivables = sheet.body.assets.find((a: { account: string }) => a.account === 'Accounts Receivable').balance;
    const credit = sheet.body.liabilities.find((l: { account_id: string | null; account: string }) => l.account_id === null && l.account === 'Customer credit balances')?.balance ?? 0;
    expect(credit).toBeGreaterThan(0);
    expect(later.closingCents + other.closingCents).toBe(Math.round(receivables * 100) - Math.round(credit * 100));
  });

  it('lists a refund as a debit that takes the balance back up, tied to the aged receivables', async () => {
    const gamma = await createClient(admin, { name: 'Gamma Refund Ltd', email: 'gamma@statement.test' });
    const inv = await createInvoice(admin, { client: gamma.id, date: '2026-04-01', due_date: '2026-04-15', items: [{ description: 'Audit', unit_price: 100, vat_rate: 0 }] });
    await admin.post(`/api/invoices/${inv.id}/send/`);
    await admin.post(`/api/invoices/${inv.id}/payments/`, { amount: 150, date: '2026-04-05', method: 'bank_transfer', reference: 'BANK-0405' });
    const payment = (await admin.get(`/api/invoices/${inv.id}/payments/`)).body[0];
    expect((await admin.post(`/api/payments/${payment.id}/refund/`, { amount: '30', reason: 'Overpaid', date: '2026-04-10' })).status).toBe(201);
    const s = await server.runtime.services.billing.statements.statement(gamma.id, { from: '2026-04-01', to: '2026-04-30' });
    expect(s.rows.map((r) => [r.date, r.kind, r.document, r.debitCents, r.creditCents, r.balanceCents])).toEqual([
      ['2026-04-01', 'invoice', inv.invoice_number, 10_000, 0, 10_000],
      ['2026-04-05', 'payment', 'BANK-0405', 0, 15_000, -5_000],
      ['2026-04-10', 'refund', inv.invoice_number, 3_000, 0, -2_000],
    ]);
    expect(s.closingCents).toBe(-2_000);
    expect(await agedNet(gamma.id, '2026-04-30')).toBe(-2_000);
    const pdf = await download(admin, `/api/clients/${gamma.id}/statement/?from=2026-04-01&to=2026-04-30&lang=ru`);
    expect(pdf.text.join('\n')).toContain('Возврат средств');
    expect(after(pdf.text, 'Конечное сальдо')).toBe(eur(-2_000));
  });

  it('prints the statement as a PDF for the superuser, in English by default, with its totals and documents', async () => {
    const pdf = await download(admin, `/api/clients/${alpha.id}/statement/?from=2026-01-01&to=2026-06-30`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="statement-alpha-statement-ltd-2026-01-01-2026-06-30.pdf"');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const t = pdf.text;
    expect(t).toEqual(expect.arrayContaining(['STATEMENT OF ACCOUNT', 'Period: 01.01.2026 – 30.06.2026', 'Alpha Statement Ltd', 'BANK-0105', numbers.creditNote, 'A negative balance is a credit in your favour.']));
    expect(after(t, 'Opening balance')).toBe(eur(10_000));
    expect([after(t, 'Totals for the period'), after(t, 'Totals for the period', 2)]).toEqual([eur(24_800), eur(42_200)]);
    expect(after(t, 'Closing balance')).toBe(eur(-7_400));
    expect(t.join('\n')).not.toContain('Beta Statement');
    expect(t).not.toContain(numbers.beta);
  });

  it('speaks the language asked for: lang, else Accept-Language', async () => {
    const el = await download(admin, `/api/clients/${alpha.id}/statement/?from=2026-01-01&to=2026-06-30&lang=el`);
    expect(el.text).toEqual(expect.arrayContaining(['ΚΑΤΑΣΤΑΣΗ ΛΟΓΑΡΙΑΣΜΟΥ', 'Πληρωμή', 'Πιστωτικό τιμολόγιο ', 'Αρνητικό υπόλοιπο σημαίνει πίστωση υπέρ σας.']));
    expect(after(el.text, 'Υπόλοιπο λήξης')).toBe(eur(-7_400));
    expect(after(el.text, 'Σύνολα περιόδου')).toBe(eur(24_800));
    const ru = await download(admin, `/api/clients/${alpha.id}/statement/?from=2026-01-01&to=2026-06-30`, { 'Accept-Language': 'ru-RU,ru;q=0.9' });
    expect(ru.text).toContain('ВЫПИСКА ПО РАСЧЁТАМ');
    expect(after(ru.text, 'Начальное сальдо')).toBe(eur(10_000));
  });

  it('defaults to the year to date and refuses bad periods with clear 400s', async () => {
    const year = await download(admin, `/api/clients/${alpha.id}/statement/`);
    expect(year.status).toBe(200);
    expect(year.headers['content-disposition']).toContain('-2026-01-01-2026-12-31.pdf');
    expect(after(year.text, 'Closing balance')).toBe(eur(-3_400));
    const bad = await download(admin, `/api/clients/${alpha.id}/statement/?from=2026-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: 'Please correct the errors below.', errors: { from: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] } });
    const reversed = await download(admin, `/api/clients/${alpha.id}/statement/?from=2026-06-30&to=2026-01-01`);
    expect([reversed.status, reversed.json.errors]).toEqual([400, { to: ['Must be on or after from.'] }]);
    expect((await download(admin, `/api/clients/${alpha.id}/statement/?as_of=2026-06-30`)).json.errors).toHaveProperty('as_of');
  });

  it('answers 404 for an unknown client, 403 to a client user, 401 to nobody', async () => {
    expect((await download(admin, '/api/clients/00000000-0000-4000-8000-000000000000/statement/')).status).toBe(404);
    expect((await download(admin, '/api/clients/not-a-client/statement/')).status).toBe(404);
    const alphaUser = await userClient(server, 'alpha-statement-user', alpha.id);
    expect((await download(alphaUser, `/api/clients/${alpha.id}/statement/`)).status).toBe(403);
    expect((await download(server.client(), `/api/clients/${alpha.id}/statement/`)).status).toBe(401);
  });

  it("gives a client user its own statement in the portal, and only its own", async () => {
    const alphaUser = await userClient(server, 'alpha-portal-user', alpha.id);
    const mine = await download(alphaUser, '/api/portal/my-account/statement/?from=2026-01-01&to=2026-06-30&lang=el');
    expect(mine.status).toBe(200);
    expect(mine.text).toContain('Alpha Statement Ltd');
    expect(after(mine.text, 'Υπόλοιπο λήξης')).toBe(eur(-7_400));
    // Another client's id in the query changes nothing: the client comes from the session.
    const tried = await download(alphaUser, `/api/portal/my-account/statement/?client=${beta.id}&from=2026-01-01&to=2026-06-30`);
    expect(tried.text).toContain('Alpha Statement Ltd');
    expect(tried.text.join('\n')).not.toContain('Beta Statement');
    const betaUser = await userClient(server, 'beta-portal-user', beta.id);
    const theirs = await download(betaUser, '/api/portal/my-account/statement/?to=2026-12-31');
    expect(theirs.text).toContain('Beta Statement SA');
    expect(theirs.text).toContain(numbers.beta);
    expect(after(theirs.text, 'Closing balance')).toBe(eur(50_000));
    expect(theirs.text.join('\n')).not.toContain('Alpha Statement');
    expect((await download(betaUser, '/api/portal/my-account/statement/?to=2025-13-01')).status).toBe(400);
    expect((await download(admin, '/api/portal/my-account/statement/')).status).toBe(403);
    expect((await download(server.client(), '/api/portal/my-account/statement/')).status).toBe(401);
  });
});
