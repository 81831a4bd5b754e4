import { describe, expect, it } from 'vitest';
import { answerProblem } from './openapi-answers';

const ID = '0b0f8d8e-3c1a-4d55-9d0e-5b8c1f2a7e11';
const client = {
  id: ID,
  name: 'Acme Ltd',
  email: 'billing@acme.example',
  phone: '',
  address: '',
  vat_number: '',
  language: 'en',
  country: 'CY',
  reminders_excluded: false,
  currency: 'EUR',
  created_at: '2026-12-01T10:00:00.000Z',
  user: null,
  version: 1,
  updated_at: '2026-12-01T10:00:00.000Z',
};
const JSON_TYPE = 'application/json; charset=utf-8';

describe('answers held to the OpenAPI document', () => {
  it('passes an answer shaped as documented', () => {
    expect(answerProblem('GET', 'http://127.0.0.1:1/api/clients/', 200, JSON_TYPE, [client])).toBeNull();
    expect(answerProblem('POST', '/api/clients/', 201, JSON_TYPE, client)).toBeNull();
    expect(answerProblem('DELETE', `/api/clients/${ID}/`, 204, undefined, {})).toBeNull();
  });

  it('names a field the document does not have, a missing one and a wrong type', () => {
    expect(answerProblem('GET', '/api/clients/', 200, JSON_TYPE, [{ ...client, secret: 'x' }])).toMatch(/GET \/api\/clients\/ .*must NOT have additional properties \(secret\)/);
    const { email: _email, ...withoutEmail } = client;
    expect(answerProblem('POST', '/api/clients/', 201, JSON_TYPE, withoutEmail)).toMatch(/must have required property 'email'/);
    expect(answerProblem('GET', `/api/clients/${ID}/vies-checks/`, 200, JSON_TYPE, { enabled: 'yes', checks: [] })).toMatch(/\/enabled must be boolean/);
  });

  it('refuses a status or a media type the route does not document', () => {
    expect(answerProblem('POST', '/api/clients/', 200, JSON_TYPE, client)).toMatch(/answered 200, which the OpenAPI document does not list/);
    expect(answerProblem('GET', `/api/clients/${ID}/statement/`, 200, JSON_TYPE, {})).toMatch(/documented as application\/pdf/);
    expect(answerProblem('GET', `/api/clients/${ID}/statement/`, 200, 'application/pdf', Buffer.from('%PDF'))).toBeNull();
  });

  it('checks errors against the error shape, and accepts the pending flag of a write', () => {
    expect(answerProblem('GET', `/api/clients/${ID}/`, 404, JSON_TYPE, { message: 'Client not found.' })).toBeNull();
    expect(answerProblem('GET', `/api/clients/${ID}/`, 404, JSON_TYPE, { detail: 'Client not found.' })).toMatch(/required property 'message'/);
    // Node's own refusal of a URL too large, before the app: no body, nothing to check.
    expect(answerProblem('GET', '/api/clients/', 431, undefined, {})).toBeNull();
    expect(answerProblem('GET', '/api/clients/', 431, JSON_TYPE, {})).toMatch(/required property 'message'/);
    expect(answerProblem('POST', '/api/clients/', 400, JSON_TYPE, { message: 'Please correct the errors below.', errors: { email: ['Enter a valid email address.'] } })).toBeNull();
    expect(answerProblem('PUT', `/api/clients/${ID}/`, 200, JSON_TYPE, { ...client, pending: true })).toBeNull();
    expect(answerProblem('GET', `/api/clients/${ID}/vies-checks/`, 200, JSON_TYPE, { enabled: true, checks: [], pending: true })).toMatch(/additional properties \(pending\)/);
  });

  it('requires the headers a route promises on its success answers', () => {
    const invoices = `/api/invoices/`;
    expect(answerProblem('GET', invoices, 200, JSON_TYPE, [], { 'x-total-count': '0', etag: 'W/"1"' })).toBeNull();
    expect(answerProblem('GET', invoices, 200, JSON_TYPE, [], { etag: 'W/"1"' })).toMatch(/without the header X-Total-Count/);
    expect(answerProblem('GET', invoices, 304, undefined, '', {})).toBeNull();
  });

  it('leaves paths outside /api/ and paths the document does not describe to the route test', () => {
    expect(answerProblem('GET', '/robots.txt', 200, 'text/plain', 'x')).toBeNull();
    expect(answerProblem('GET', '/api/no-such-thing/', 404, JSON_TYPE, { message: 'Not found.' })).toBeNull();
  });
});
