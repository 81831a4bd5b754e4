import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCreditorReference, isCreditorReference } from '../../domain/bank/creditor-reference';
import { testBackends } from '../../test/db';
import { pdfText } from '../../test/pdf-text';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice, userClient } from './test/fixtures';

const SETTINGS = `mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { iban } }`;
const INVOICE = `query($id: ID!) { invoice(id: $id) { invoiceNumber paymentReference } }`;
const INVOICES = `query($c: ID) { invoices(clientId: $c) { items { id paymentReference } } }`;
const PUBLIC = `query($id: ID!) { publicInvoice(id: $id) { paymentReference } }`;
const MY_ACCOUNT = `query { myAccount { invoices { id paymentReference } } }`;
const items = [{ description: 'Consulting', quantity: 1, unit_price: 1000, vat_rate: 19 }];

/** The whole text of a PDF as one string, single spaced: a long line may have been wrapped at a space. */
const download = async (client: TestClient, url: string): Promise<string> => {
  const res = await client.download(url);
  expect(res.status).toBe(200);
  return pdfText(res.body as Buffer).join(' ').replace(/\s+/g, ' ');
};

describe.each(testBackends())('payment references (ISO 11649) on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let clientId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
    const input = {
      ...{ name: 'Aegis GRC Ltd', address: '12 Example Street\n1010 Nicosia', phone: '+357 22 000000', email: 'billing@aegis.test' },
      ...{ registrationNumber: 'HE 123456', vatNumber: 'CY10000000D', jurisdiction: 'Cyprus', country: 'CY' },
      ...{ iban: 'CY17 0020 0128 0000 0012 0052 7600', bic: 'BCYPCY2N' },
    };
    const iban = (await admin.graphql(SETTINGS, { input })).body;
    expect(iban.data.updateCompanySettings.iban).toBe('CY17002001280000001200527600');
    clientId = (await createClient(admin, { name: 'Reference Ltd' })).id;
  });
  afterAll(() => server?.close());

  /** What REST, GraphQL, the lists and the pay link say of one invoice's reference, all of them. */
  const referencesOf = async (id: string) => {
    const rest = (await admin.get(`/api/invoices/${id}/`)).body.payment_reference;
    const list = (await admin.get(`/api/invoices/?client=${clientId}`)).body.find((i: { id: string }) => i.id === id).payment_reference;
    const graphql = (await admin.graphql(INVOICE, { id })).body.data.invoice.paymentReference;
    const graphqlList = (await admin.graphql(INVOICES, { c: clientId })).body.data.invoices.items.find((i: { id: string }) => i.id === id).paymentReference;
    const publicRest = (await server.client().get(`/api/public/invoices/${id}/`)).body.payment_reference;
    const publicGraphql = (await server.client().graphql(PUBLIC, { id })).body.data.publicInvoice.paymentReference;
    return [rest, list, graphql, graphqlList, publicRest, publicGraphql];
  };

  it('a draft has none; once sent, every answer carries a valid RF whose body is its number', async () => {
    const draft = await createInvoice(admin, { client: clientId, date: '2026-03-01', due_date: '2026-03-31', items });
    expect((draft as unknown as { payment_reference: unknown }).payment_reference).toBeNull();
    expect(await referencesOf(draft.id)).toEqual([null, null, null, null, null, null]);

    const sent = await admin.post(`/api/invoices/${draft.id}/send/`);
    expect(sent.status).toBe(200);
    const reference: string = sent.body.invoice.payment_reference;
    expect(isCreditorReference(reference)).toBe(true);
    expect(reference).toMatch(/^RF\d{2}2026\d{6}$/);
    expect(reference.slice(4)).toBe(draft.invoice_number.replace('-', ''));
    expect(await referencesOf(draft.id)).toEqual(Array(6).fill(reference));
  });

  it('an invoice marked paid without being sent is issued, and has one too; each invoice its own', async () => {
    const one = await createInvoice(admin, { client: clientId, date: '2026-03-02', due_date: '2026-03-31', items });
    const two = await createInvoice(admin, { client: clientId, date: '2026-03-02', due_date: '2026-03-31', items });
    expect((await admin.post(`/api/invoices/${one.id}/mark_as_paid/`)).body.invoice.payment_reference).toMatch(/^RF/);
    expect((await admin.post(`/api/invoices/${two.id}/send/`)).status).toBe(200);
    const [first, second] = [(await referencesOf(one.id))[0], (await referencesOf(two.id))[0]];
    expect(isCreditorReference(first) && isCreditorReference(second)).toBe(true);
    expect(first).not.toBe(second);
  });

  it('the portal shows a client the references of its issued invoices, REST and GraphQL', async () => {
    const portalClient = (await createClient(admin, { name: 'Portal Ltd', email: 'portal@ref.test' })).id;
    const draft = await createInvoice(admin, { client: portalClient, date: '2026-03-03', due_date: '2026-03-31', items });
    const issued = await createInvoice(admin, { client: portalClient, date: '2026-03-04', due_date: '2026-03-31', items });
    const reference = (await admin.post(`/api/invoices/${issued.id}/send/`)).body.invoice.payment_reference;
    const user = await userClient(server, 'reference-portal', portalClient);
    const rest = (await user.get('/api/portal/my-account/')).body[0].invoices as { id: string; payment_reference: string | null }[];
    expect(Object.fromEntries(rest.map((i) => [i.id, i.payment_reference]))).toEqual({ [draft.id]: null, [issued.id]: reference });
    const graphql = (await user.graphql(MY_ACCOUNT)).body.data.myAccount.invoices as { id: string; paymentReference: string | null }[];
    expect(Object.fromEntries(graphql.map((i) => [i.id, i.paymentReference]))).toEqual({ [draft.id]: null, [issued.id]: reference });
  });

  it("prints it beside the IBAN on the PDF in the client's language; a draft's PDF names its number", async () => {
    const greek = (await createClient(admin, { name: 'Ελληνική Α.Ε.', email: 'el@ref.test', language: 'el' })).id;
    for (const [client, label] of [
      [clientId, 'Payment reference'],
      [greek, 'Κωδικός πληρωμής'],
    ] as const) {
      const inv = await createInvoice(admin, { client, date: '2026-03-05', due_date: '2026-03-31', items });
      expect(await download(admin, `/api/invoices/${inv.id}/pdf/`)).toContain(`${label}: ${inv.invoice_number}`);
      const reference = (await admin.post(`/api/invoices/${inv.id}/send/`)).body.invoice.payment_reference;
      const text = await download(admin, `/api/invoices/${inv.id}/pdf/`);
      expect(text).toContain(`IBAN CY17 0020 0128 0000 0012 0052 7600`);
      expect(text).toContain(`${label}: ${formatCreditorReference(reference)}`);
      expect(await download(server.client(), `/api/public/invoices/${inv.id}/pdf/`)).toContain(formatCreditorReference(reference));
    }
  });

  it('the UBL e-invoice carries it as the payment id (BT-83); a credit note has none', async () => {
    const inv = await createInvoice(admin, { client: clientId, date: '2026-03-06', due_date: '2026-03-31', items });
    expect((await admin.get(`/api/invoices/${inv.id}/ubl/`)).text).toContain(`<cbc:PaymentID>${inv.invoice_number}</cbc:PaymentID>`);
    const reference = (await admin.post(`/api/invoices/${inv.id}/send/`)).body.invoice.payment_reference;
    const xml = (await server.client().get(`/api/public/invoices/${inv.id}/ubl/`).buffer(true)).text;
    expect(xml).toMatch(new RegExp(`<cac:PaymentMeans>[\\s\\S]*<cbc:PaymentID>${reference}</cbc:PaymentID>[\\s\\S]*<cbc:ID>CY17002001280000001200527600</cbc:ID>`));
    const note = await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Cancelled' });
    expect(note.status).toBe(201);
    expect(note.body).not.toHaveProperty('payment_reference');
    expect((await admin.get(`/api/credit-notes/${note.body.id}/ubl/`).buffer(true)).text).not.toContain('PaymentID');
  });
});
