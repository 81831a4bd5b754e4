import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestServer } from '../../test/server';

const contact = { name: 'Ada Lovelace', email: 'ada@example.org', subject: 'Pricing', message: 'Please call me.' };
const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);

describe.each(testBackends())('public website API on $name', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend, { limits: { publicFormsPerIp: 6 }, env: { SALES_EMAIL: 'sales@test.example', DEMO_SITE_URL: 'https://demo.test.example/' } });
  });
  afterAll(() => server?.close());

  const outbox = () => server.testDb.db('mail_outbox').orderBy('key');

  it('answers the company details from company_settings', async () => {
    await server.testDb.db('company_settings').where({ id: 1 }).update({ vat_number: 'CY10000000D' });
    const res = await server.client().get('/api/company-info/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ vat_number: 'CY10000000D', jurisdiction: 'the Republic of Cyprus' });
    expect(Object.keys(res.body).sort()).toEqual(['address', 'email', 'jurisdiction', 'name', 'phone', 'registration_number', 'vat_number']);
  });

  it('redirects the demo-site link to DEMO_SITE_URL', async () => {
    const res = await server.client().get('/api/demo-site/').redirects(0);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://demo.test.example/');
  });

  it('rejects an invalid contact message with the spec texts and stores nothing', async () => {
    const res = await server.client().post('/api/contact/', { name: ' ', email: 'not-an-email', subject: '', message: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please correct the errors in the form.',
      errors: {
        name: ['Full Name is required.'],
        email: ['Email Address is invalid.'],
        subject: ['Subject is required.'],
        message: ['Message is required.'],
      },
    });
    expect(await server.testDb.db('contact_messages').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('stores a contact message and mails sales in the same transaction', async () => {
    const res = await server.client().post('/api/contact/', contact);
    expect(res.status).toBe(201);
    const row = await server.testDb.db('contact_messages').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ ...contact, handled: false });
    expect(row.created_at).toBeTruthy();
    const mails = await outbox();
    expect(mails.find((m) => m.key === `contact-message:${res.body.id}:sales`)).toMatchObject({ to: 'sales@test.example', subject: 'Website contact: Pricing' });
  });

  it('validates a demo request and mails sales and the requester', async () => {
    const bad = await server.client().post('/api/demo-request/', { name: 'A', email: '', company: '', date: '2000-01-01', time: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      email: ['Email Address is required.'],
      company: ['Company Name is required.'],
      date: ['Date cannot be in the past.'],
      time: ['Time is required.'],
    });
    const ok = await server.client().post('/api/demo-request/', { name: 'Bo', email: 'bo@example.org', company: 'Bo Ltd', date: tomorrow(), time: '10:30' });
    expect(ok.status).toBe(201);
    expect(await server.testDb.db('demo_requests').where({ id: ok.body.id }).first()).toMatchObject({ company: 'Bo Ltd', date: tomorrow(), time: '10:30', message: null, handled: false });
    const mails = (await outbox()).filter((m) => m.key.startsWith(`demo-request:${ok.body.id}`));
    expect(mails.map((m) => m.to).sort()).toEqual(['bo@example.org', 'sales@test.example']);
  });

  it('answers a filled honeypot with success but stores nothing', async () => {
    const before = await server.testDb.db('contact_messages').count({ n: '*' }).first();
    const res = await server.client().post('/api/contact/', { ...contact, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(await server.testDb.db('contact_messages').count({ n: '*' }).first()).toEqual(before);
  });

  it('serves robots.txt and a sitemap with hreflang alternates', async () => {
    const robots = await server.client().get('/robots.txt');
    expect(robots.text).toMatch(/Disallow: \/admin\nDisallow: \/portal\nDisallow: \/pay-invoice/);
    const sitemap = await server.client().get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    expect(sitemap.text).toContain(`<loc>${server.url}/pricing?lng=el</loc>`);
    expect(sitemap.text).toContain(`hreflang="ru" href="${server.url}/features?lng=ru"`);
  });

  it('rate-limits the public forms per IP with 429', async () => {
    let last = 0;
    for (let i = 0; i < 8; i++) last = (await server.client().post('/api/contact/', contact)).status;
    expect(last).toBe(429);
  });
});
