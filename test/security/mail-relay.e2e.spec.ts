import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../db';
import { startTestServer, type TestServer } from '../server';

// What a relay abuser would put in the fields that used to be echoed to the given address.
const SPAM = 'Claim your prize at https://spam.example/win';
const demo = (email: string, i: number) => ({ name: `${SPAM} ${i}`, email, company: `${SPAM} Ltd`, date: '2099-03-01', time: '09:30', message: SPAM });

describe.each(testBackends())('the demo form as a mail relay on $name', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend, { limits: { publicFormsPerIp: 100, confirmationMailsPerRecipient: 3 }, env: { SALES_EMAIL: 'sales@relay.test' } });
  });
  afterAll(() => server?.close());

  const mailsTo = (to: string) => server.testDb.db('mail_outbox').where({ to }).orderBy('created_at');

  it('confirms to the given address without any text the visitor typed', async () => {
    const res = await server.client().post('/api/demo-request/', demo('victim@relay.test', 0));
    expect(res.status).toBe(201);
    const [mail] = await mailsTo('victim@relay.test');
    expect(mail.text).toContain('01.03.2099 at 09:30');
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/spam\.example|prize|Claim/);
    expect(mail.html).toContain('01.03.2099');
  });

  it('confirms a contact message in the language the site was read in, without its text, under the same cap', async () => {
    const message = { name: SPAM, email: 'reader@relay.test', subject: SPAM, message: SPAM };
    const res = await server.client().agent.post('/api/contact/').set('Cookie', 'i18next=el').set('Accept-Language', 'en-GB,en').send(message);
    expect(res.status).toBe(201);
    const [mail] = await mailsTo('reader@relay.test');
    expect(mail.subject).toMatch(/^Λάβαμε το μήνυμά σας/);
    expect(mail.html).toContain('lang="el"');
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/spam\.example|prize|Claim/);
    // Two demo requests and a third contact message use up the address's three confirmations a day.
    for (const [i, path] of ['/api/demo-request/', '/api/demo-request/', '/api/contact/'].entries()) {
      const body = path === '/api/contact/' ? message : demo('reader@relay.test', i);
      expect((await server.client().post(path, body)).status).toBe(201);
    }
    expect(await mailsTo('reader@relay.test')).toHaveLength(3);
    const sales = await server.testDb.db('mail_outbox').where({ to: 'sales@relay.test' }).where('key', 'like', 'contact-message:%').orderBy('created_at');
    expect(sales.at(-1).text).toMatch(/No confirmation was mailed/);
  });

  it('caps confirmations per recipient address per day, and still stores and tells sales of every request', async () => {
    // The same address in other letter cases is the same recipient.
    const emails = ['target@relay.test', 'TARGET@relay.test', 'Target@Relay.test', 'target@relay.test', 'target@relay.test'];
    const ids: string[] = [];
    for (const [i, email] of emails.entries()) {
      const res = await server.client().post('/api/demo-request/', demo(email, i));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const confirmations = await server.testDb.db('mail_outbox').whereRaw('lower("to") = ?', ['target@relay.test']);
    expect(confirmations).toHaveLength(3);
    expect(Number((await server.testDb.db('demo_requests').whereIn('id', ids).count({ n: '*' }).first())!.n)).toBe(5);
    const sales = await server.testDb.db('mail_outbox').where({ to: 'sales@relay.test' }).whereIn('key', ids.map((id) => `demo-request:${id}:sales`));
    expect(sales).toHaveLength(5);
    expect(sales.filter((m) => /No confirmation was mailed/.test(m.text))).toHaveLength(2);
    // Another address has its own cap.
    expect((await server.client().post('/api/demo-request/', demo('other@relay.test', 9))).status).toBe(201);
    expect(await mailsTo('other@relay.test')).toHaveLength(1);
    // A day later the address may be confirmed again.
    await server.testDb.db('rate_limits').where('key', 'like', 'confirmation-mail:%').update({ reset_at: new Date(Date.now() - 1000) });
    expect((await server.client().post('/api/demo-request/', demo('target@relay.test', 7))).status).toBe(201);
    expect(await server.testDb.db('mail_outbox').whereRaw('lower("to") = ?', ['target@relay.test'])).toHaveLength(4);
  });

  it('shows every stored request in the back-office inbox, the capped ones too', async () => {
    const admin = server.client();
    await admin.login();
    const res = await admin.graphql('{ demoRequests { total items { email } } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.demoRequests.items.filter((r: { email: string }) => r.email.toLowerCase() === 'target@relay.test')).toHaveLength(6);
    const contacts = await admin.graphql('{ contactMessages { total items { email } } }');
    expect(contacts.body.errors).toBeUndefined();
    expect(contacts.body.data.contactMessages.items.filter((r: { email: string }) => r.email === 'reader@relay.test')).toHaveLength(2);
  });
});
