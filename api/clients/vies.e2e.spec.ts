import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { startVies, type ViesStub } from '../../test/vies-stub';
import { adminOf, createClient } from '../invoicing/test/fixtures';

describe.each(testBackends())('VIES checks on $name', (backend) => {
  let vies: ViesStub;
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    vies = await startVies();
    server = await startTestServer(backend, { clock: () => new Date('2026-03-20T10:00:00Z'), env: { VIES_URL: vies.url } });
    admin = await adminOf(server);
  });
  afterAll(async () => {
    await server?.close();
    await vies?.close();
  });

  it("checks a client's VAT number in VIES and keeps each answer with its date and consultation number", async () => {
    const company = { name: 'Aegis GRC A.E.', address: 'Stadiou 1\n10564 Athens', phone: '+30 210 0000000', email: 'billing@aegis.test', registrationNumber: 'GEMI 1', vatNumber: 'EL094014201', jurisdiction: 'Greece', country: 'GR' };
    expect((await admin.graphql('mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { country } }', { input: company })).status).toBe(200);
    const client = await createClient(admin, { name: 'Hetzner Online GmbH', country: 'DE', vat_number: 'DE 812 871 812' });
    const made = await admin.post(`/api/clients/${client.id}/vies-check/`);
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ country_code: 'DE', vat_number: '812871812', valid: true, request_date: '2026-03-20', request_identifier: 'WAPIAAAAXYZ123', name: 'Hetzner Online GmbH' });
    // Asked by the number without its prefix, the company named as the requester (so VIES gives a consultation number).
    expect(vies.asked.at(-1)).toEqual({ countryCode: 'DE', vatNumber: '812871812', requesterMemberStateCode: 'EL', requesterNumber: '094014201' });
    const listed = await admin.get(`/api/clients/${client.id}/vies-checks/`);
    expect(listed.body).toMatchObject({ enabled: true, checks: [{ id: made.body.id, valid: true }] });
    const gql = await admin.graphql('query($id: ID!) { viesEnabled client(id: $id) { viesChecks { valid requestDate requestIdentifier } } }', { id: client.id });
    expect(gql.body.data).toEqual({ viesEnabled: true, client: { viesChecks: [{ valid: true, requestDate: '2026-03-20', requestIdentifier: 'WAPIAAAAXYZ123' }] } });

    // A member state's service down: no answer kept, a 503 that says to try again.
    vies.answerWith(() => ({ status: 200, body: { userError: 'MS_UNAVAILABLE', valid: false, requestDate: '2026-03-20' } }));
    const down = await admin.post(`/api/clients/${client.id}/vies-check/`);
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/MS_UNAVAILABLE.*try again later/);
    vies.answerWith(() => ({ status: 500, body: '<html>' }));
    expect((await admin.post(`/api/clients/${client.id}/vies-check/`)).status).toBe(503);
    expect((await admin.get(`/api/clients/${client.id}/vies-checks/`)).body.checks).toHaveLength(1);

    // Outside the EU there is nothing to check.
    const swiss = await createClient(admin, { name: 'Swiss AG', country: 'CH', vat_number: 'CHE-123.456.789' });
    const refused = await admin.post(`/api/clients/${swiss.id}/vies-check/`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('VIES checks VAT numbers of EU member states only: this client is not in one.');
  });
});

describe.each(testBackends())('VIES off on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server?.close());

  it('refuses a check with a text that says how to turn it on', async () => {
    const admin = await adminOf(server);
    const client = await createClient(admin, { name: 'Kunde GmbH', country: 'DE', vat_number: 'DE812871812' });
    const res = await admin.post(`/api/clients/${client.id}/vies-check/`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('VIES checks are off: the operator sets VIES_URL to turn them on.');
    expect((await admin.get(`/api/clients/${client.id}/vies-checks/`)).body).toEqual({ enabled: false, checks: [] });
  });
});
