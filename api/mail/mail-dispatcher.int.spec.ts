import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDb } from '../../test/db';
import { startSmtpServer } from '../../test/smtp';
import { MailDispatcher } from './mail-dispatcher';
import { attachment, enqueueMail } from './outbox';
import { createMailTransport } from './transport';

const logger = pino({ level: 'silent' });

describe.each(testBackends())('mail outbox on $name', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await backend.create();
  });
  afterAll(() => t?.destroy());

  it('keeps mails while SMTP is down and delivers each exactly once when it is back', async () => {
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close();

    await enqueueMail(t.db, { key: 'k1', to: 'a@example.com', subject: 'Hello', text: 'Body 1', attachments: [attachment('a.pdf', 'application/pdf', Buffer.from('%PDF-1.4 test'))] });
    await enqueueMail(t.db, { key: 'k1', to: 'a@example.com', subject: 'Hello', text: 'Body 1' });
    await enqueueMail(t.db, { key: 'k2', to: 'b@example.com', subject: 'Second', text: 'Body 2' });

    const down = new MailDispatcher(t.db, createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: '/tmp' }, logger), { from: 'billing@example.com', logger });
    expect(await down.drain()).toBe(0);
    const failed = await t.db('mail_outbox').select('attempts', 'last_error', 'sent_at').orderBy('id');
    expect(failed).toHaveLength(2);
    expect(failed.every((r) => r.attempts === 1 && r.last_error && !r.sent_at)).toBe(true);

    const up = await startSmtpServer(port);
    try {
      await t.db('mail_outbox').update({ next_attempt_at: t.db.fn.now() });
      const dispatcher = new MailDispatcher(t.db, createMailTransport({ smtpUrl: up.url, dataDir: '/tmp' }, logger), { from: 'billing@example.com', logger });
      const [a, b] = await Promise.all([dispatcher.drain(), dispatcher.drain()]);
      expect(a + b).toBeGreaterThanOrEqual(2);
      expect(await dispatcher.drain()).toBe(0);
      expect(up.received.map((m) => m.to[0]).sort()).toEqual(['a@example.com', 'b@example.com']);
      expect(up.received.find((m) => m.to[0] === 'a@example.com')!.raw).toMatch(/filename=a\.pdf/);
    } finally {
      await up.close();
    }
  });
});
