import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { MailAttachment } from './outbox';
import type { MailFrom, MailTransport } from './transport';

const MAX_BACKOFF_S = 3600;
/**
 * How long a claimed mail stays out of other dispatchers' reach. A dispatcher that dies (or loses
 * the database) between the claim and recording the outcome leaves the row claimed; after the lease
 * it is sent again, with the same Message-ID.
 */
export const CLAIM_LEASE_S = 300;
/** Waits between tries to record a delivery the SMTP server accepted (about 30 s in all, well inside the lease). */
const RECORD_RETRY_MS = [100, 250, 500, 1000, 2000, 4000, 8000, 15000];
/** Outbox keys of mails whose body holds a secret (the portal welcome mail's initial password). */
export const SCRUBBED_AFTER_SEND = ['client-user:'];
export const SCRUBBED_TEXT = '[removed after delivery: it contained a one-time password]';

interface OutboxRow {
  id: number;
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[] | string;
  attempts: number;
  message_id: string | null;
}

interface Claimed {
  row: OutboxRow;
  attempt: number;
  messageId: string;
  from: MailFrom;
}

/** A Message-ID in the sender's domain, as nodemailer would make one, but made once per outbox row. */
export const newMessageId = (from: MailFrom): string => {
  const address = typeof from === 'string' ? (/<([^<>]*)>\s*$/.exec(from)?.[1] ?? from) : from.address;
  const at = address.lastIndexOf('@');
  const domain = at >= 0 ? address.slice(at + 1).trim() : '';
  return `<${randomUUID()}@${/^[A-Za-z0-9.-]{1,253}$/.test(domain) ? domain : 'localhost'}>`;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivers queued mails, each in three steps of their own: a committed claim (the attempt is
 * recorded and the row leased, FOR UPDATE SKIP LOCKED so several dispatchers never take one row),
 * the SMTP send with the row's one Message-ID, and the recorded outcome. No transaction stays open
 * while SMTP talks, so a database restart during a send loses no claim; a send the SMTP server
 * accepted is recorded (retried for about 30 s) and never sent again; one whose outcome could not be
 * recorded goes again after the lease with the same Message-ID, so a mail system can drop the
 * repeat. A failure is retried with exponential backoff, so an SMTP outage loses nothing.
 */
export class MailDispatcher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private again?: Promise<number>;
  private stopped = false;

  constructor(
    private readonly db: Knex,
    private readonly transport: MailTransport,
    private readonly options: {
      from: MailFrom | ((db: Knex) => Promise<MailFrom>);
      logger: Logger;
      intervalMs?: number;
      onSent?: () => void;
      onFailed?: () => void;
      leaseSeconds?: number;
    },
  ) {}

  start(): void {
    this.stopped = false;
    const tick = async () => {
      await this.drain().catch((err) => this.options.logger.error({ err }, 'mail dispatch failed'));
      if (!this.stopped) this.timer = setTimeout(tick, this.options.intervalMs ?? 2000);
    };
    this.timer = setTimeout(tick, 0);
  }

  /**
   * Sends everything due now, mails queued before the call included; returns the number of mails
   * the pass it joined sent. Safe to call concurrently: a pass already under way may have looked
   * at the outbox before the caller's mail was committed, so one more pass follows it, shared by
   * every caller that arrives meanwhile.
   */
  drain(): Promise<number> {
    if (!this.running) {
      this.running = this.drainOnce().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    return (this.again ??= this.running
      .catch(() => 0)
      .then(() => {
        this.again = undefined;
        return this.stopped ? 0 : this.drain();
      }));
  }

  private async drainOnce(): Promise<number> {
    let sent = 0;
    // The sender is read once per pass (company settings may change between passes).
    const sender: { from?: MailFrom } = {};
    for (;;) {
      const claimed = await this.claim(sender);
      if (!claimed) return sent;
      let failure: unknown;
      try {
        await this.send(claimed);
      } catch (err) {
        failure = err;
      }
      if (failure === undefined) {
        await this.recordSent(claimed);
        sent++;
        this.options.onSent?.();
      } else {
        this.options.logger.warn({ err: failure, to: claimed.row.to, attempts: claimed.attempt }, 'mail delivery failed; will retry');
        this.options.onFailed?.();
        await this.recordFailure(claimed, failure);
      }
    }
  }

  /** The first due row, leased and its attempt recorded, in one committed transaction. */
  private claim(sender: { from?: MailFrom }): Promise<Claimed | undefined> {
    return this.db.transaction(async (trx) => {
      const row: OutboxRow | undefined = await trx('mail_outbox')
        .whereNull('sent_at')
        .where('next_attempt_at', '<=', trx.fn.now())
        .orderBy('id')
        .forUpdate()
        .skipLocked()
        .first();
      if (!row) return undefined;
      // Read once a mail is claimed (an idle tick reads nothing), inside the claiming transaction: on
      // PGlite's single connection a query outside it would wait for it forever.
      const from = (sender.from ??= typeof this.options.from === 'function' ? await this.options.from(trx) : this.options.from);
      const attempt = row.attempts + 1;
      const messageId = row.message_id ?? newMessageId(from);
      await trx('mail_outbox')
        .where({ id: row.id })
        .update({ attempts: attempt, message_id: messageId, next_attempt_at: trx.raw('now() + make_interval(secs => ?)', [this.options.leaseSeconds ?? CLAIM_LEASE_S]) });
      await trx('mail_attempts').insert({ outbox_id: row.id, attempt, message_id: messageId });
      return { row, attempt, messageId, from };
    });
  }

  /**
   * The SMTP server accepted the mail: recorded even when the database is briefly away, since an
   * unrecorded send is a send that will be repeated. A mail that carried a one-time password keeps
   * no copy of it in the database.
   */
  private async recordSent({ row, attempt }: Claimed): Promise<void> {
    const scrub = SCRUBBED_AFTER_SEND.some((prefix) => row.key.startsWith(prefix)) ? { text: SCRUBBED_TEXT, html: null } : {};
    await this.retrying('mail sent, but recording it failed', { to: row.to, attempt }, (trx) =>
      Promise.all([
        trx('mail_outbox').where({ id: row.id }).whereNull('sent_at').update({ sent_at: trx.fn.now(), last_error: null, ...scrub }),
        trx('mail_attempts').where({ outbox_id: row.id, attempt }).update({ outcome: 'sent', finished_at: trx.fn.now() }),
      ]),
    );
  }

  /** Backs the row off, unless a later attempt (after this one's lease ran out) has taken it over. */
  private async recordFailure({ row, attempt }: Claimed, err: unknown): Promise<void> {
    const error = String((err as Error).message ?? err).slice(0, 1000);
    const backoff = Math.min(MAX_BACKOFF_S, 2 ** (attempt - 1) * 5);
    await this.retrying('recording a failed mail delivery failed', { to: row.to, attempt }, (trx) =>
      Promise.all([
        trx('mail_outbox')
          .where({ id: row.id, attempts: attempt })
          .whereNull('sent_at')
          .update({ last_error: error, next_attempt_at: trx.raw('now() + make_interval(secs => ?)', [backoff]) }),
        trx('mail_attempts').where({ outbox_id: row.id, attempt }).update({ outcome: 'failed', error, finished_at: trx.fn.now() }),
      ]),
    );
  }

  private async retrying(failure: string, context: object, work: (trx: Knex.Transaction) => Promise<unknown>): Promise<void> {
    for (let i = 0; ; i++) {
      try {
        await this.db.transaction(work);
        return;
      } catch (err) {
        if (i >= RECORD_RETRY_MS.length) throw err;
        this.options.logger.warn({ err, ...context }, `${failure}; trying again`);
        await sleep(RECORD_RETRY_MS[i]!);
      }
    }
  }

  private async send({ row, messageId, from }: Claimed): Promise<void> {
    const attachments: MailAttachment[] = typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments;
    await this.transport.send({
      from,
      messageId,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
      attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })),
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.again?.catch(() => 0);
  }
}
