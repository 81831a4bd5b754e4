import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf } from '../invoicing/test/fixtures';

const hetzner = { name: 'Hetzner Online GmbH', vat_number: 'DE 812 871 812', country: 'de', address: 'Industriestr. 25\n91710 Gunzenhausen', iban: 'de89 3704 0044 0532 0130 00', payment_terms_days: 14 };

describe.each(testBackends())('suppliers on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let hosting: string;
  let receivables: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await adminOf(server);
    const accounts = (await server.testDb.db('accounts').whereIn('code', ['5200', '1100']).select('id', 'code')) as Array<{ id: string; code: string }>;
    hosting = accounts.find((a) => a.code === '5200')!.id;
    receivables = accounts.find((a) => a.code === '1100')!.id;
  });
  afterAll(() => server?.close());

  it('creates a supplier over REST, normalised, with its defaults, and lists it by name', async () => {
    const made = await admin.post('/api/suppliers/', { ...hetzner, default_account: hosting, default_vat_rate: '19' });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ name: 'Hetzner Online GmbH', vat_number: 'DE 812 871 812', country: 'DE', iban: 'DE89370400440532013000', default_account: hosting, default_vat_rate: 19, payment_terms_days: 14, version: 1 });
    const plain = await admin.post('/api/suppliers/', { name: 'acme cleaning', country: 'CY' });
    expect(plain.status, plain.text).toBe(201);
    expect(plain.body).toMatchObject({ vat_number: '', address: '', iban: null, default_account: null, default_vat_rate: 0, payment_terms_days: 30 });
    expect(((await admin.get('/api/suppliers/')).body as Array<{ name: string }>).map((s) => s.name)).toEqual(['acme cleaning', 'Hetzner Online GmbH']);
    expect((await admin.get(`/api/suppliers/${made.body.id}/`)).body).toEqual(made.body);
  });

  it('refuses bad input with each field named, and writes nothing', async () => {
    const before = await server.testDb.db('suppliers').count<{ count: string }[]>('* as count');
    const bad = await admin.post('/api/suppliers/', { name: '', country: 'XX', iban: 'DE89370400440532013001', default_vat_rate: 101, payment_terms_days: 400 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['default_vat_rate', 'name']);
    const domain = await admin.post('/api/suppliers/', { name: 'X', country: 'XX', iban: 'DE89370400440532013001', payment_terms_days: 400, default_account: receivables });
    expect(domain.status).toBe(400);
    expect(Object.keys(domain.body.errors).sort()).toEqual(['country', 'default_account', 'iban', 'payment_terms_days']);
    expect(domain.body.errors.default_account[0]).toMatch(/expense or asset account/);
    const unknown = await admin.post('/api/suppliers/', { name: 'X', country: 'GR', default_account: 'not-an-id' });
    expect(Object.keys(unknown.body.errors)).toEqual(['default_account']);
    expect(await server.testDb.db('suppliers').count<{ count: string }[]>('* as count')).toEqual(before);
  });

  it('keeps one supplier per VAT number of a country, however it is written, and names the one that has it', async () => {
    const again = await admin.post('/api/suppliers/', { name: 'Hetzner (again)', vat_number: 'de812871812', country: 'DE' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'Another supplier has this VAT number: Hetzner Online GmbH.', reason: 'VAT_NUMBER_TAKEN', params: { name: 'Hetzner Online GmbH' } });
    // The same digits in another country are another number.
    expect((await admin.post('/api/suppliers/', { name: 'Wien GmbH', vat_number: 'U13585627', country: 'AT' })).status).toBe(201);
    // A number is checked against its country: format and check digits, the format named in the refusal.
    const typo = await admin.post('/api/suppliers/', { name: 'Typo GmbH', vat_number: 'DE812871813', country: 'DE' });
    expect(typo.status).toBe(400);
    expect(typo.body.errors.vat_number).toEqual(["This VAT number's check digits are wrong (a typing error?): a VAT number of DE is DE followed by 9 digits (e.g. DE812871812)."]);
    const elsewhere = await admin.post('/api/suppliers/', { name: 'Wien GmbH (2)', vat_number: 'DE812871812', country: 'AT' });
    expect(elsewhere.body.errors.vat_number).toEqual(["This VAT number starts with DE, another member state's prefix: a VAT number of AT is AT followed by U and 8 digits (e.g. ATU13585627)."]);
    // Greece writes its prefix EL.
    expect((await admin.post('/api/suppliers/', { name: 'Athens Office SA', vat_number: 'EL094014201', country: 'GR' })).status).toBe(201);
    expect((await admin.post('/api/suppliers/', { name: 'Athens Office (dup)', vat_number: '094014201', country: 'gr' })).status).toBe(409);
  });

  it('updates with the version it read, refuses a stale one, and answers its history with who changed what', async () => {
    const [supplier] = ((await admin.get('/api/suppliers/')).body as Array<{ id: string; name: string; version: number }>).filter((s) => s.name === 'Hetzner Online GmbH');
    const updated = await admin.put(`/api/suppliers/${supplier!.id}/`, { ...hetzner, payment_terms_days: 30, default_account: hosting, default_vat_rate: 19, version: supplier!.version });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ payment_terms_days: 30, version: 2 });
    const stale = await admin.put(`/api/suppliers/${supplier!.id}/`, { ...hetzner, version: supplier!.version });
    expect(stale.status).toBe(409);
    const history = await admin.get(`/api/suppliers/${supplier!.id}/history/`);
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(2);
    expect(history.body[0]).toMatchObject({ action: 'create', actor: expect.any(String) });
    expect(history.body[1]).toMatchObject({ action: 'update', changes: [{ field: 'payment_terms_days', before: 14, after: 30 }] });
    expect((await admin.get('/api/suppliers/00000000-0000-4000-8000-000000000000/history/')).status).toBe(404);
  });

  it('answers GraphQL with the same suppliers, its field errors in the input’s names, and deletes', async () => {
    const created = await admin.graphql(`mutation($input: SupplierInput!) { createSupplier(input: $input) { id name country defaultVatRate paymentTermsDays } }`, {
      input: { name: 'Lawyers LLC', country: 'cy', vatNumber: 'CY10000001E', defaultVatRate: 19, paymentTermsDays: 7 },
    });
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createSupplier).toMatchObject({ name: 'Lawyers LLC', country: 'CY', defaultVatRate: 19, paymentTermsDays: 7 });
    const refused = await admin.graphql(`mutation($input: SupplierInput!) { createSupplier(input: $input) { id } }`, { input: { name: 'Y', country: 'CY', defaultVatRate: 19, paymentTermsDays: 999 } });
    expect(Object.keys(refused.body.errors[0].extensions.fieldErrors)).toEqual(['paymentTermsDays']);
    const list = await admin.graphql('{ suppliers { name } }');
    expect(list.body.data.suppliers.map((s: { name: string }) => s.name)).toContain('Lawyers LLC');
    const id = created.body.data.createSupplier.id as string;
    expect((await admin.graphql('mutation($id: ID!) { deleteSupplier(id: $id) }', { id })).body.data.deleteSupplier).toBe(true);
    expect((await admin.get(`/api/suppliers/${id}/`)).status).toBe(404);
    expect(((await admin.get(`/api/suppliers/${id}/history/`)).body as Array<{ action: string }>).map((h) => h.action)).toEqual(['create', 'delete']);
  });

  it('is the superuser’s only', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/suppliers/')).status).toBe(401);
    expect((await anonymous.graphql('{ suppliers { id } }')).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
