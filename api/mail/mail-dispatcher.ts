import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { MailAttachment } from './outbox';
import type { MailFrom, MailTransport } from './transport';

const MAX_BACKOFF_S = 3600;
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
}

/**
 * Delivers queued mails. Each row is claimed with FOR UPDATE SKIP LOCKED inside a transaction that
 * also marks it sent, so several dispatchers never send one mail twice; a failure is recorded and
 * retried with exponential backoff, so an SMTP outage loses nothing.
 */
export class MailDispatcher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private again?: Promise<number>;
  private stopped = false;

  constructor(
    private readonly db: Knex,
    private readonly transport: MailTransport,
    private readonly options: { from: MailFrom | ((db: Knex) => Promise<MailFrom>); logger: Logger; intervalMs?: number; onSent?: () => void; onFailed?: () => void },
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
    // Read once a mail is claimed (an idle tick reads nothing), inside the claiming transaction: on
    // PGlite's single connection a query outside it would wait for it forever.
    let from: MailFrom | undefined = typeof this.options.from === 'function' ? undefined : this.options.from;
    for (;;) {
      const result = await this.db.transaction(async (trx) => {
        const row: OutboxRow | undefined = await trx('mail_outbox')
          .whereNull('sent_at')
          .where('next_attempt_at', '<=', trx.fn.now())
          .orderBy('id')
          .forUpdate()
          .skipLocked()
          .first();
        if (!row) return 'empty' as const;
        try {
          from ??= await (this.options.from as (db: Knex) => Promise<MailFrom>)(trx);
          await this.send(row, from);
          // A delivered mail that carried a one-time password keeps no copy of it in the database.
          const scrub = SCRUBBED_AFTER_SEND.some((prefix) => row.key.startsWith(prefix)) ? { text: SCRUBBED_TEXT, html: null } : {};
          await trx('mail_outbox').where({ id: row.id }).update({ sent_at: trx.fn.now(), attempts: row.attempts + 1, last_error: null, ...scrub });
          return 'sent' as const;
        } catch (err) {
          const backoff = Math.min(MAX_BACKOFF_S, 2 ** row.attempts * 5);
          await trx('mail_outbox')
            .where({ id: row.id })
            .update({
              attempts: row.attempts + 1,
              last_error: String((err as Error).message ?? err).slice(0, 1000),
              next_attempt_at: trx.raw(`now() + make_interval(secs => ?)`, [backoff]),
            });
          this.options.logger.warn({ err, to: row.to, attempts: row.attempts + 1 }, 'mail delivery failed; will retry');
          this.options.onFailed?.();
          return 'failed' as const;
        }
      });
      if (result === 'empty') return sent;
      if (result === 'sent') {
        sent++;
        this.options.onSent?.();
      }
    }
  }

  private async send(row: OutboxRow, from: MailFrom): Promise<void> {
    const attachments: MailAttachment[] = typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments;
    await this.transport.send({
      from,
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
