import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testBackends } from '../../../test/db';
import { startMyDataStub, type MyDataStub } from '../../../test/mydata-stub';
import { pdfText } from '../../../test/pdf-text';
import { invoiceStreamId } from '../../../domain/invoice/events';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { adminOf, createClient, createInvoice, createProduct } from '../test/fixtures';
import { AadeMyDataProvider } from './aade-provider';
import { myDataDocumentSource } from './document-source';
import { MyDataDispatcher } from './mydata-dispatcher';

const SETTINGS = `mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { country } }`;
const company = { name: 'Αιγίς GRC Α.Ε.', address: 'Σταδίου 1\n105 64 Αθήνα', phone: '+30 210 0000000', email: 'billing@aegis.test', registrationNumber: 'ΓΕΜΗ 1', vatNumber: 'EL094014201', jurisdiction: 'Greece', country: 'GR' };
const item = (description: string, unit_price: number, vat_rate = 24, extra: Record<string, unknown> = {}) => ({ description, unit_price, vat_rate, ...extra });

/**
 * Every projection and reactor (the myDATA outbox among them) has caught up with these invoices'
 * last events: their own positions, since the store's head on a PostgreSQL server other test files
 * share can stop short of events committed after another transaction still open.
 */
const settle = async (server: TestServer, ...invoiceIds: string[]) => {
  const { eventStore, projections } = server.runtime.deps;
  for (const id of invoiceIds) {
    const last = (await eventStore.readStream(invoiceStreamId(id))).at(-1)!;
    expect(await projections.waitFor(last.position, { includeReactors: true, timeoutMs: 20_000 })).toBe(true);
  }
};

type State = { status: string; mark: string | null; uid: string | null; qr_url: string | null; invoice_type: string | null; errors: Array<{ code: string; message: string }>; history: Array<{ action: string; outcome: string | null; actor: string | null }> };

/**
 * myDATA transmission against a local myDATA over HTTP (test/mydata-stub.ts), which validates every
 * body against AADE's schema and answers only what AADE's response schema allows.
 */
describe.each(testBackends())('myDATA transmission on $name', (backend) => {
  let stub: MyDataStub;
  let server: TestServer;
  let admin: TestClient;
  let greek: string;
  let german: string;
  let american: string;
  const state = async (id: string): Promise<State> => (await admin.get(`/api/mydata/documents/${id}/`)).body as State;
  const issue = async (client: string, items: ReturnType<typeof item>[]) => {
    const inv = await createInvoice(admin, { client, date: '2026-03-20', due_date: '2026-04-19', items });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    await settle(server, inv.id);
    return inv.id as string;
  };
  const drain = () => server.runtime.mydata!.drain();

  beforeAll(async () => {
    stub = await startMyDataStub();
    server = await startTestServer(backend, {
      clock: () => new Date('2026-03-20T10:00:00Z'),
      env: { MYDATA_USER_ID: stub.credentials.userId, MYDATA_SUBSCRIPTION_KEY: stub.credentials.subscriptionKey, MYDATA_URL: stub.url },
    });
    await server.runtime.mydata!.stop(); // the tests drain when they mean to
    admin = await adminOf(server);
    expect((await admin.graphql(SETTINGS, { input: company })).body.data.updateCompanySettings.country).toBe('GR');
    greek = (await createClient(admin, { name: 'Πελάτης Α.Ε.', country: 'GR', vat_number: 'EL099999999', address: 'Ερμού 5\n105 63 Αθήνα' })).id;
    german = (await createClient(admin, { name: 'Kunde GmbH', country: 'DE', vat_number: 'DE812871812', address: 'Hauptstraße 5\n10115 Berlin' })).id;
    american = (await createClient(admin, { name: 'Liberty Analytics Inc.', country: 'US', vat_number: '12-3456789', address: '1 Main Street\n10001 New York' })).id;
  });
  afterAll(async () => {
    await server?.close();
    await stub?.close();
  });
  beforeEach(() => {
    stub.mode = { kind: 'ok' };
  });

  it('transmits a domestic invoice at 24 % once: its MARK, UID and QR URL on the document, the PDF and the e-invoice', async () => {
    const id = await issue(greek, [item('Audit', 1000), item('Books', 100)]);
    expect((await state(id)).status).toBe('pending');
    expect(await drain()).toBe(1);
    const s = await state(id);
    const registered = stub.registered.at(-1)!;
    expect(s).toMatchObject({ status: 'transmitted', mark: registered.mark, uid: registered.uid, invoice_type: '2.1', errors: [] });
    expect(s.qr_url).toContain(registered.uid);
    expect(registered).toMatchObject({ invoiceType: '2.1', issuer: '094014201', counterpart: '099999999' });
    expect(stub.received.at(-1)!.schemaErrors).toEqual([]);
    // Nothing more to send, however often it runs.
    expect(await drain()).toBe(0);
    expect(stub.registered.filter((r) => r.uid === s.uid)).toHaveLength(1);
    const pdf = pdfText((await admin.get(`/api/invoices/${id}/pdf/`).buffer(true)).body as Buffer);
    expect(pdf).toContain(`MARK: ${s.mark}`);
    const ubl = (await admin.get(`/api/invoices/${id}/ubl/`).buffer(true)).text;
    expect(ubl.replace(/>\s+</g, '><')).toContain(`<cac:AdditionalDocumentReference><cbc:ID>${s.mark}</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode><cbc:DocumentDescription>##M.AR.K##</cbc:DocumentDescription></cac:AdditionalDocumentReference>`);
    const gql = await admin.graphql('query($id: ID!) { myDataTransmission(documentId: $id) { status mark configured history { action outcome } } }', { id });
    expect(gql.body.data.myDataTransmission).toEqual({ status: 'transmitted', mark: s.mark, configured: true, history: [{ action: 'sent', outcome: 'transmitted' }] });
  });

  it('states an intra-EU reverse-charge invoice, a third-country invoice and an exempt line in the types and categories AADE takes, and credit notes correlated to their invoice', async () => {
    const eu = await issue(german, [item('Advisory', 500)]);
    const us = await issue(american, [item('Licence', 800, 0)]);
    const exempt = await issue(greek, [item('Audit', 200), item('Training', 300, 0, { vat_category: 'E', vat_exemption_reason: 'Education' })]);
    const partial = await admin.post(`/api/invoices/${eu}/credit-notes/`, { reason: 'Discount', date: '2026-03-20', items: [item('Discount', 100)] });
    expect(partial.status, partial.text).toBe(201);
    const full = await admin.post(`/api/invoices/${exempt}/credit-notes/`, { reason: 'Cancelled', date: '2026-03-20', full: true });
    expect(full.status, full.text).toBe(201);
    await settle(server, eu, exempt);
    // The credit notes wait for their invoices' MARKs: one pass sends all five in order.
    expect(await drain()).toBe(5);
    for (const r of stub.received.slice(-5)) expect(r.schemaErrors).toEqual([]);
    expect((await state(eu)).invoice_type).toBe('2.2');
    expect((await state(us)).invoice_type).toBe('2.3');
    expect((await state(exempt)).invoice_type).toBe('2.1');
    // Reverse charge: no VAT (category 7) and why (exemption 4: services supplied where the buyer is).
    const euXml = stub.registered.find((r) => r.counterpart === '812871812')!.xml;
    expect(euXml).toContain('<vatCategory>7</vatCategory>');
    expect(euXml).toContain('<vatExemptionCategory>4</vatExemptionCategory>');
    const notes = [partial.body.id as string, full.body.id as string];
    for (const [i, note] of notes.entries()) {
      const s = await state(note);
      expect(s).toMatchObject({ status: 'transmitted', invoice_type: '5.1' });
      expect(stub.registered.find((r) => r.mark === s.mark)!.correlatedMark).toBe((await state([eu, exempt][i]!)).mark);
    }
  });

  it('keeps an error answer: the document is not transmitted, its errors shown and in the inbox, and it goes again when asked', async () => {
    const id = await issue(greek, [item('Audit', 150)]);
    stub.mode = { kind: 'error', errors: [{ code: '102', message: 'Vat number 099999999 does not belong to an active corporation' }] };
    expect(await drain()).toBe(0);
    const failed = await state(id);
    expect(failed).toMatchObject({ status: 'failed', mark: null, errors: [{ code: '102', message: 'Vat number 099999999 does not belong to an active corporation' }] });
    const inbox = await admin.graphql('{ myDataFailures { documentId number errors { code } } }');
    expect(inbox.body.data.myDataFailures).toContainEqual(expect.objectContaining({ documentId: id, errors: [{ code: '102' }] }));
    // Not sent again by itself.
    stub.mode = { kind: 'ok' };
    expect(await drain()).toBe(0);
    const again = await admin.post(`/api/mydata/documents/${id}/send-again/`);
    expect(again.status, again.text).toBe(200);
    expect((await admin.post(`/api/mydata/documents/${id}/send-again/`)).status).toBe(400);
    expect(await drain()).toBe(1);
    const s = await state(id);
    expect(s.status).toBe('transmitted');
    expect(s.history.map((h) => [h.action, h.outcome])).toEqual([
      ['sent', 'rejected'],
      ['retry', null],
      ['sent', 'transmitted'],
    ]);
    expect(s.history[1]!.actor).toBe('admin');
    expect((await admin.graphql('{ myDataFailures { documentId } }')).body.data.myDataFailures).not.toContainEqual({ documentId: id });
  });

  it('looks a document up before sending it again when the answer was lost: one MARK', async () => {
    const id = await issue(greek, [item('Audit', 175)]);
    stub.mode = { kind: 'lose' };
    expect(await drain()).toBe(0);
    const lost = await state(id);
    expect(lost).toMatchObject({ status: 'pending', mark: null });
    expect(stub.registered.filter((r) => r.uid === lost.uid)).toHaveLength(1);
    stub.mode = { kind: 'ok' };
    await server.testDb.db('mydata_documents').where({ document_id: id }).update({ next_attempt_at: server.testDb.db.fn.now() }); // its backoff, run out
    const sends = stub.received.length;
    expect(await drain()).toBe(1);
    const s = await state(id);
    expect(s).toMatchObject({ status: 'transmitted', mark: stub.registered.find((r) => r.uid === lost.uid)!.mark });
    expect(stub.received.length).toBe(sends); // found, not sent again
    expect(s.history.map((h) => [h.action, h.outcome])).toEqual([
      ['sent', 'lost'],
      ['lookup', 'found'],
    ]);
  });

  it('classifies income as the company chose per kind of sale, refusing a combination AADE does not accept', async () => {
    const before = (await admin.get('/api/mydata/settings/')).body;
    expect(before).toMatchObject({ configured: true, endpoint: stub.url });
    expect(before.classifications.map((c: { invoice_type: string; type: string; category: string }) => [c.invoice_type, c.type, c.category])).toEqual([
      ['2.1', 'E3_561_001', 'category1_3'],
      ['2.2', 'E3_561_005', 'category1_3'],
      ['2.3', 'E3_561_006', 'category1_3'],
    ]);
    expect(before.classifications[0].accepted).toContainEqual({ type: 'E3_561_002', category: 'category1_3', category_name: expect.any(String) });
    const refused = await admin.put('/api/mydata/settings/', { classifications: [{ invoice_type: '2.2', type: 'E3_561_001', category: 'category1_3' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors['2.2'][0]).toMatch(/^E3_561_001 is not accepted with category1_3 .* use E3_561_005, E3_561_007, E3_563\.$/);
    const set = await admin.graphql('mutation($input: MyDataSettingsInput!) { setMyDataClassifications(input: $input) { classifications { invoiceType chosen { type category } } } }', {
      input: { classifications: [{ invoiceType: '2.1', type: 'E3_561_002', category: 'category1_3' }] },
    });
    expect(set.body.data.setMyDataClassifications.classifications[0]).toEqual({ invoiceType: '2.1', chosen: { type: 'E3_561_002', category: 'category1_3' } });
    const id = await issue(greek, [item('Retail audit', 90)]);
    expect(await drain()).toBe(1);
    const xml = stub.registered.at(-1)!.xml;
    expect(xml).toContain('<icls:classificationType>E3_561_002</icls:classificationType>');
    expect((await state(id)).status).toBe('transmitted');
    await admin.put('/api/mydata/settings/', { classifications: [{ invoice_type: '2.1', type: 'E3_561_001', category: 'category1_3' }] });
  });

  it("classifies a line selling a product as the product's settings say, other lines as the company's", async () => {
    const training = (await createProduct(admin, { name: 'Ζ training day', price: 500, vat_rate: 24 })).id as string;
    const grants = (await createProduct(admin, { name: 'Ζ grant administration', price: 100, vat_rate: 24 })).id as string;
    const listed = (await admin.get('/api/mydata/settings/')).body.products as Array<{ product: string; name: string; classifications: unknown[] }>;
    expect(listed.find((p) => p.product === training)).toEqual({ product: training, name: 'Ζ training day', classifications: [] });

    const refused = await admin.put('/api/mydata/settings/', {
      products: [
        { product: training, invoice_type: '2.1', type: 'E3_561_002', category: 'category1_3' },
        { product: grants, invoice_type: '2.2', type: 'E3_563', category: 'category1_5' },
        { product: '00000000-0000-4000-8000-000000000000', invoice_type: '2.1', type: 'E3_561_001', category: 'category1_3' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(['products.1']);
    expect(refused.body.errors['products.1'][0]).toMatch(/^E3_563 is not accepted with category1_5 .* 2\.2 document .*: use E3_561_005, E3_561_007, E3_562, E3_570\.$/);
    // Nothing of a refused change is kept.
    expect((await admin.get('/api/mydata/settings/')).body.products.find((p: { product: string }) => p.product === training).classifications).toEqual([]);
    const unknown = await admin.put('/api/mydata/settings/', { products: [{ product: '00000000-0000-4000-8000-000000000000', invoice_type: '2.1', type: 'E3_561_001', category: 'category1_3' }] });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(['products.0.product']);

    const set = await admin.put('/api/mydata/settings/', {
      products: [
        { product: training, invoice_type: '2.1', type: 'E3_561_002', category: 'category1_3' },
        { product: grants, invoice_type: '2.1', type: 'E3_562', category: 'category1_5' },
      ],
    });
    expect(set.status).toBe(200);
    expect(set.body.products.find((p: { product: string }) => p.product === grants).classifications).toEqual([{ invoice_type: '2.1', type: 'E3_562', category: 'category1_5' }]);

    const badLine = await admin.post('/api/invoices/', { client: greek, date: '2026-03-20', due_date: '2026-04-19', items: [item('Ghost', 10, 24, { product: '00000000-0000-4000-8000-000000000000' })] });
    expect(badLine.status).toBe(400);
    expect(badLine.body.errors).toEqual({ 'items.0.product': ['Invalid pk - product does not exist.'] });

    const id = await issue(greek, [item('Training day', 500, 24, { product: training }), item('Grant administration', 100, 24, { product: grants }), item('Advice', 40), item('Training day', 500, 24, { product: training })]);
    expect((await admin.get(`/api/invoices/${id}/`)).body.items.map((i: { product: string | null }) => i.product)).toEqual([training, grants, null, training]);
    expect(await drain()).toBe(1);
    const { xml, schemaErrors } = stub.received.at(-1)!;
    expect(schemaErrors).toEqual([]);
    const pairs = [...xml.matchAll(/<icls:classificationType>([^<]+)<\/icls:classificationType>\s*<icls:classificationCategory>([^<]+)<\/icls:classificationCategory>\s*<icls:amount>([^<]+)</g)].map((m) => m.slice(1).join(' '));
    expect(pairs).toEqual([
      // The lines, in order …
      'E3_561_002 category1_3 500.00',
      'E3_562 category1_5 100.00',
      'E3_561_001 category1_3 40.00',
      'E3_561_002 category1_3 500.00',
      // … and the summary, one sum per classification.
      'E3_561_002 category1_3 1000.00',
      'E3_562 category1_5 100.00',
      'E3_561_001 category1_3 40.00',
    ]);
    expect((await state(id)).status).toBe('transmitted');

    // Taken back: the company's classification applies to the product again.
    const cleared = await admin.put('/api/mydata/settings/', { products: [{ product: grants, invoice_type: '2.1', type: null, category: null }] });
    expect(cleared.body.products.find((p: { product: string }) => p.product === grants).classifications).toEqual([]);
    const gql = await admin.graphql('query { myDataSettings { products { productId name classifications { invoiceType classification { type category } } } } }');
    expect(gql.body.data.myDataSettings.products.find((p: { productId: string }) => p.productId === training).classifications).toEqual([{ invoiceType: '2.1', classification: { type: 'E3_561_002', category: 'category1_3' } }]);
  });

  it('retries a TechnicalError by itself, and two dispatchers at once register each document once', async () => {
    const ids = [await issue(greek, [item('A', 10)]), await issue(greek, [item('B', 20)]), await issue(german, [item('C', 30)])];
    stub.mode = { kind: 'technical' };
    expect(await drain()).toBe(0);
    expect((await state(ids[0]!)).status).toBe('pending');
    stub.mode = { kind: 'ok' };
    await server.testDb.db('mydata_documents').whereIn('document_id', ids).update({ next_attempt_at: server.testDb.db.fn.now() });
    const second = new MyDataDispatcher(server.testDb.db, new AadeMyDataProvider({ url: stub.url, ...stub.credentials }), {
      source: myDataDocumentSource((id) => server.runtime.services.billing.invoices.load(id)),
      logger: server.runtime.deps.logger,
    });
    const [a, b] = await Promise.all([drain(), second.drain()]);
    expect(a + b).toBe(3);
    for (const id of ids) {
      const s = await state(id);
      expect(s.status).toBe('transmitted');
      expect(stub.registered.filter((r) => r.uid === s.uid)).toHaveLength(1);
    }
    expect(stub.invalidAnswers).toEqual([]);
  });
});

describe.each(testBackends())('myDATA not configured on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-20T10:00:00Z') });
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  it('sends nothing and shows the document not transmitted', async () => {
    expect(server.runtime.mydata).toBeUndefined();
    expect((await admin.graphql(SETTINGS, { input: company })).status).toBe(200);
    const client = (await createClient(admin, { name: 'Πελάτης Α.Ε.', country: 'GR', vat_number: 'EL099999999' })).id;
    const inv = await createInvoice(admin, { client, date: '2026-03-20', due_date: '2026-04-19', items: [item('Audit', 100)] });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    await settle(server, inv.id);
    expect((await admin.get(`/api/mydata/documents/${inv.id}/`)).body).toMatchObject({ status: 'not_transmitted', configured: false, mark: null });
    expect(pdfText((await admin.get(`/api/invoices/${inv.id}/pdf/`).buffer(true)).body as Buffer).join('\n')).not.toContain('MARK');
  });
});
