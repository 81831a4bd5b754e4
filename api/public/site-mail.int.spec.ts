import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDb } from '../../test/db';
import { startSmtpServer } from '../../test/smtp';
import { MailDispatcher } from '../platform/mail/mail-dispatcher';
import { createMailTransport } from '../platform/mail/transport';
import { mailDemoRequest } from './site-mail';

/**
 * Issue 36: a line break in the demo form's company added lines to the sales mail. The forms refuse
 * it now (clean-text e2e); this proves the mail itself holds whatever reaches it, e.g. a request
 * stored before the rule: each labelled value stays on its line and the subject stays one header.
 */
describe.each(testBackends())("the sales mail of a demo request on $name", (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await backend.create();
  });
  afterAll(() => t?.destroy());

  it('keeps a company with line breaks on its own line, in the body and in the Subject header', async () => {
    const smtp = await startSmtpServer();
    try {
      const forged = 'Acme\r\nBcc: victim@example.org\r\nDate: 2099-01-01';
      await t.db.transaction((trx) =>
        mailDemoRequest(trx, randomUUID(), 'sales@example.com', { name: 'Ann\nTime: 23:59', email: 'ann@example.org', company: forged, date: '2026-12-01', time: '10:00', message: 'Line one\nLine two' }, false),
      );
      const row = await t.db('mail_outbox').where('key', 'like', 'demo-request:%:sales').first();
      expect(row.subject).toBe('Demo request: Acme  Bcc: victim@example.org  Date: 2099-01-01 on 2026-12-01 at 10:00');
      const lines = (row.text as string).split('\n');
      expect(lines.slice(0, 5)).toEqual(['Name: Ann Time: 23:59', 'Email: ann@example.org', 'Company: Acme  Bcc: victim@example.org  Date: 2099-01-01', 'Date: 2026-12-01', 'Time: 10:00']);
      // The message is the one field with several lines; it follows the labelled lines after a blank one.
      expect(lines.slice(5, 8)).toEqual(['', 'Line one', 'Line two']);

      const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/tmp' }, pino({ level: 'silent' }));
      expect(await new MailDispatcher(t.db, transport, { from: 'Site <site@example.com>', logger: pino({ level: 'silent' }) }).drain()).toBe(1);
      const [mail] = smtp.received;
      expect(mail!.to).toEqual(['sales@example.com']);
      const headers = mail!.raw.slice(0, mail!.raw.indexOf('\r\n\r\n'));
      expect(headers).not.toMatch(/^Bcc:/im);
      expect(headers.match(/^Date:/gim)).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});
