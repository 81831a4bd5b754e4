import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/knex';
import { migrate } from '../../main/migrate';
import { createScratchDatabase, testBackends, type TestDb } from '../../../test/db';
import { startSmtpServer, type ReceivedMail } from '../../../test/smtp';
import { MailDispatcher } from './mail-dispatcher';
import { attachment, enqueueMail } from './outbox';
import { createMailTransport, type MailMessage, type MailTransport } from './transport';

const logger = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const messageIdOf = (mail: ReceivedMail) => mail.raw.match(/^Message-ID: (.*)$/im)?.[1]?.trim();
const dispatcherFor = (db: Knex, transport: MailTransport) => new MailDispatcher(db, transport, { from: 'Billing <billing@example.com>', logger });
const smtpTo = (url: string) => createMailTransport({ smtpUrl: url, dataDir: '/tmp' }, logger);
const attemptsOf = (db: Knex, key: string) =>
  db('mail_attempts as a').join('mail_outbox as o', 'o.id', 'a.outbox_id').where('o.key', key).orderBy('a.attempt').select('a.attempt', 'a.message_id', 'a.outcome');

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

    const down = dispatcherFor(t.db, smtpTo(`smtp://127.0.0.1:${port}`));
    expect(await down.drain()).toBe(0);
    const failed = await t.db('mail_outbox').select('attempts', 'last_error', 'sent_at').orderBy('id');
    expect(failed).toHaveLength(2);
    expect(failed.every((r) => r.attempts === 1 && r.last_error && !r.sent_at)).toBe(true);

    const up = await startSmtpServer(port);
    try {
      await t.db('mail_outbox').update({ next_attempt_at: t.db.fn.now() });
      const dispatcher = dispatcherFor(t.db, smtpTo(up.url));
      const [a, b] = await Promise.all([dispatcher.drain(), dispatcher.drain()]);
      expect(a + b).toBeGreaterThanOrEqual(2);
      expect(await dispatcher.drain()).toBe(0);
      expect(up.received.map((m) => m.to[0]).sort()).toEqual(['a@example.com', 'b@example.com']);
      expect(up.received.find((m) => m.to[0] === 'a@example.com')!.raw).toMatch(/filename=a\.pdf/);
      // The failed attempt and the delivery are both on record, under the one Message-ID of the mail.
      const attempts = await attemptsOf(t.db, 'k1');
      expect(attempts.map((r) => r.outcome)).toEqual(['failed', 'sent']);
      expect(new Set(attempts.map((r) => r.message_id))).toEqual(new Set([messageIdOf(up.received.find((m) => m.to[0] === 'a@example.com')!)]));
    } finally {
      await up.close();
    }
  });

  it('sends a mail whose acknowledgement was lost again with the same Message-ID, and never after it was confirmed', async () => {
    let first = true;
    const smtp = await startSmtpServer(0, {
      onMessage: () => {
        if (!first) return 'accept';
        first = false;
        return 'hang-up';
      },
    });
    try {
      await enqueueMail(t.db, { key: 'lost-ack', to: 'c@example.com', subject: 'Lost', text: 'Body' });
      const dispatcher = dispatcherFor(t.db, smtpTo(smtp.url));
      expect(await dispatcher.drain()).toBe(0);
      expect(smtp.received).toHaveLength(1);
      await t.db('mail_outbox').where({ key: 'lost-ack' }).update({ next_attempt_at: t.db.fn.now() });
      expect(await dispatcher.drain()).toBe(1);
      // Confirmed: due again or not, it is never claimed again.
      await t.db('mail_outbox').where({ key: 'lost-ack' }).update({ next_attempt_at: t.db.fn.now() });
      expect(await dispatcher.drain()).toBe(0);

      expect(smtp.received).toHaveLength(2);
      const row = await t.db('mail_outbox').where({ key: 'lost-ack' }).first();
      expect(row.message_id).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
      expect(smtp.received.map(messageIdOf)).toEqual([row.message_id, row.message_id]);
      expect(await attemptsOf(t.db, 'lost-ack')).toEqual([
        { attempt: 1, message_id: row.message_id, outcome: 'failed' },
        { attempt: 2, message_id: row.message_id, outcome: 'sent' },
      ]);
    } finally {
      await smtp.close();
    }
  });

  it('leaves a claimed mail alone for its lease, then sends it with the Message-ID of the claim', async () => {
    const smtp = await startSmtpServer();
    // A dispatcher that claims the mail and never hears back from its SMTP server (its process hangs or dies).
    let abandon!: (err: Error) => void;
    const stuck: MailTransport = { send: () => new Promise<void>((_resolve, reject) => (abandon = reject)), close: () => undefined };
    const sentBy: MailMessage[] = [];
    const smtpTransport = smtpTo(smtp.url);
    const watched: MailTransport = { send: (m) => (sentBy.push(m), smtpTransport.send(m)), close: () => smtpTransport.close() };
    try {
      await enqueueMail(t.db, { key: 'leased', to: 'd@example.com', subject: 'Leased', text: 'Body' });
      const hanging = dispatcherFor(t.db, stuck).drain();
      let claimed: { message_id: string; outcome: string | null }[] = [];
      for (let i = 0; i < 100 && claimed.length === 0; i++) {
        await sleep(20);
        claimed = await attemptsOf(t.db, 'leased');
      }
      expect(claimed).toEqual([{ attempt: 1, message_id: expect.stringMatching(/^<.+@example\.com>$/), outcome: null }]);

      const other = dispatcherFor(t.db, watched);
      expect(await other.drain()).toBe(0);
      await t.db('mail_outbox').where({ key: 'leased' }).update({ next_attempt_at: t.db.fn.now() }); // the lease ran out
      expect(await other.drain()).toBe(1);
      expect(smtp.received.map(messageIdOf)).toEqual([claimed[0]!.message_id]);
      expect(sentBy.map((m) => m.messageId)).toEqual([claimed[0]!.message_id]);

      // The first dispatcher finally fails: that changes nothing for the mail a later attempt sent.
      abandon(new Error('connection lost'));
      expect(await hanging).toBe(0);
      const row = await t.db('mail_outbox').where({ key: 'leased' }).first();
      expect(row.sent_at).not.toBeNull();
      expect(row.last_error).toBeNull();
      expect((await attemptsOf(t.db, 'leased')).map((r) => r.outcome)).toEqual(['failed', 'sent']);
      await t.db('mail_outbox').where({ key: 'leased' }).update({ next_attempt_at: t.db.fn.now() });
      expect(await other.drain()).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('mail outbox across a lost database connection on postgres', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let db: Knex;
  let side: Knex;
  beforeAll(async () => {
    // A database of its own: the test ends every other connection to it, as a restart would.
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    db = await createDb({ databaseUrl: scratch.url, poolMax: 4 });
    side = await createDb({ databaseUrl: scratch.url, poolMax: 2 });
    await migrate(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await side?.destroy();
    await scratch?.drop();
  });

  /** Ends every connection to the scratch database but the side one's own, as a PostgreSQL restart does. */
  const restart = () => side.raw('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');

  /** Holds the attempts table until the dispatcher waits for it while recording a delivery, then ends that connection. */
  const killWhileRecording = async () => {
    const trx = await side.transaction();
    await trx.raw('lock table mail_attempts in access exclusive mode');
    void (async () => {
      for (let i = 0; i < 200; i++) {
        await sleep(25);
        const killed = await side.raw(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike '%mail_attempts%'`,
        );
        if (killed.rows.length > 0) break;
      }
      await trx.rollback();
    })();
  };

  it('sends each mail once, under one Message-ID, when the connection dies during the send or while it is recorded', async () => {
    for (const n of [1, 2, 3]) await enqueueMail(db, { key: `restart-${n}`, to: `r${n}@example.com`, subject: `Mail ${n}`, text: 'Body' });
    let received = 0;
    const smtp = await startSmtpServer(0, {
      onMessage: async () => {
        received++;
        if (received === 1) await restart();
        if (received === 2) await killWhileRecording();
      },
    });
    try {
      const dispatcher = dispatcherFor(db, smtpTo(smtp.url));
      for (let i = 0; i < 10; i++) {
        await dispatcher.drain().catch(() => 0);
        const unsent = await db('mail_outbox').whereNull('sent_at').update({ next_attempt_at: db.fn.now() });
        if (unsent === 0) break;
      }
      const rows = await db('mail_outbox').orderBy('id').select('key', 'to', 'message_id', 'sent_at');
      expect(rows.every((r) => r.sent_at !== null)).toBe(true);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['r1@example.com', 'r2@example.com', 'r3@example.com']);
      for (const row of rows) expect(smtp.received.filter((m) => m.to[0] === row.to).map(messageIdOf)).toEqual([row.message_id]);
    } finally {
      await smtp.close();
    }
  });
});
