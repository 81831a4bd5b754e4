import http from 'node:http';
import https from 'node:https';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { nextAttemptAt, SIGNATURE_HEADER, signatureHeader } from '../../../domain/integrations/webhook';
import { guardedLookup } from './url-guard';

/** Why the product disabled an endpoint, in words (`disabled_by` and `last_failure` say it for code). */
export const failuresReason = (last: string): string => `Disabled after three days of failed deliveries (last: ${last}).`;

/** How long a claimed delivery stays out of other dispatchers' reach: after it, one that died mid-call is delivered again (at least once). */
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;
/** The most of an answer's body read (and thrown away): a receiver has nothing to tell but its status. */
const MAX_ANSWER_BYTES = 64 * 1024;

interface Claimed {
  id: string;
  event_id: string;
  endpoint_id: string;
  payload: string;
  attempts: number;
  first_failed_at: Date | string | null;
}

interface Endpoint {
  id: string;
  url: string;
  secret: string;
}

interface Outcome {
  delivery: Claimed;
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookDispatcherOptions {
  clock: () => Date;
  logger: Logger;
  /** Development and tests: receivers on this machine or a private network are reached. */
  allowPrivate: boolean;
  intervalMs: number;
  batchSize?: number;
  concurrency?: number;
}

/**
 * Delivers `webhook_deliveries`: claims due deliveries (only the oldest pending one of each
 * document per endpoint, so each document's events arrive in order), POSTs each signed body, and
 * records the answer. A 2xx is delivered; anything else is tried again with backoff for three days
 * from its first failure, then given up and its endpoint disabled, which the endpoint list (and the
 * admin inbox) says. At least once: a dispatcher that dies mid-call leaves its lease to expire.
 */
export class WebhookDispatcher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(
    private readonly db: Knex,
    private readonly options: WebhookDispatcherOptions,
  ) {
    const lookup = guardedLookup(options.allowPrivate);
    this.agents = { http: new http.Agent({ keepAlive: true, maxSockets: 64, lookup }), https: new https.Agent({ keepAlive: true, maxSockets: 64, lookup }) };
  }

  start(): void {
    const tick = () => {
      if (this.stopped) return;
      this.running = this.drain().catch((err: unknown) => {
        this.options.logger.warn({ err }, 'webhook delivery run failed');
        return 0;
      });
      void this.running.finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.options.intervalMs);
      });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /** Delivers until nothing is due; the number of deliveries tried. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.runOnce();
      total += n;
      if (n === 0) return total;
    }
  }

  /** One batch: claim, deliver side by side, record every outcome in one transaction. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    if (claimed.length === 0) return 0;
    const endpoints = new Map(
      ((await this.db('webhook_endpoints').whereIn('id', [...new Set(claimed.map((c) => c.endpoint_id))]).select('id', 'url', 'secret')) as Endpoint[]).map((e) => [e.id, e]),
    );
    const outcomes: Outcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const delivery = claimed[next++]!;
        const endpoint = endpoints.get(delivery.endpoint_id);
        if (endpoint) outcomes.push(await this.deliver(endpoint, delivery));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 32, claimed.length) }, worker));
    await this.record(outcomes);
    return claimed.length;
  }

  private async claim(): Promise<Claimed[]> {
    const now = this.options.clock();
    const { rows } = (await this.db.raw(
      `with due as (
         select d.seq from webhook_deliveries d
           join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
          where d.status = 'pending' and d.next_attempt_at <= ? and (d.leased_until is null or d.leased_until < ?)
            and not exists (select 1 from webhook_deliveries p
                             where p.endpoint_id = d.endpoint_id and p.document_key = d.document_key and p.status = 'pending' and p.seq < d.seq)
          order by d.seq
          limit ?
          for update of d skip locked)
       update webhook_deliveries w set leased_until = ? from due where w.seq = due.seq
       returning w.id, w.event_id, w.endpoint_id, w.payload, w.attempts, w.first_failed_at`,
      [now, now, this.options.batchSize ?? 200, new Date(now.getTime() + LEASE_MS)],
    )) as { rows: Claimed[] };
    return rows;
  }

  private deliver(endpoint: Endpoint, delivery: Claimed): Promise<Outcome> {
    const at = this.options.clock();
    const started = performance.now();
    const done = (statusCode: number | null, error: string | null): Outcome => ({ delivery, at, statusCode, error, durationMs: Math.round(performance.now() - started) });
    return new Promise((resolve) => {
      let url: URL;
      try {
        url = new URL(endpoint.url);
      } catch {
        return resolve(done(null, 'The endpoint URL is not valid.'));
      }
      const body = delivery.payload;
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          agent: url.protocol === 'https:' ? this.agents.https : this.agents.http,
          timeout: TIMEOUT_MS,
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            'User-Agent': 'grc-billing-webhooks/1',
            'Webhook-Id': delivery.event_id,
            [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, Math.floor(at.getTime() / 1000), body),
          },
        },
        (res) => {
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) res.destroy();
          });
          res.on('close', () => resolve(done(res.statusCode ?? null, res.statusCode && res.statusCode < 300 && res.statusCode >= 200 ? null : `HTTP ${res.statusCode}`)));
        },
      );
      request.on('timeout', () => request.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s.`)));
      request.on('error', (err) => resolve(done(null, err.message.slice(0, 500))));
      request.end(body);
    });
  }

  private async record(outcomes: readonly Outcome[]): Promise<void> {
    const disabled = new Map<string, string>();
    await this.db.transaction(async (trx) => {
      for (const o of outcomes) {
        const attempts = o.delivery.attempts + 1;
        const ok = o.statusCode !== null && o.statusCode >= 200 && o.statusCode < 300;
        if (ok) {
          await trx('webhook_deliveries').where({ id: o.delivery.id }).update({ status: 'delivered', attempts, delivered_at: o.at, leased_until: null });
        } else {
          const firstFailedAt = o.delivery.first_failed_at ? new Date(o.delivery.first_failed_at) : o.at;
          const next = nextAttemptAt(attempts, firstFailedAt, o.at);
          await trx('webhook_deliveries')
            .where({ id: o.delivery.id })
            .update({ status: next ? 'pending' : 'failed', attempts, first_failed_at: firstFailedAt, next_attempt_at: next ?? o.at, leased_until: null });
          if (!next) disabled.set(o.delivery.endpoint_id, o.error ?? `HTTP ${o.statusCode}`);
        }
      }
      // An endpoint deleted during the calls took its deliveries with it: their attempts have nowhere to go.
      const remaining = new Set((await trx('webhook_deliveries').whereIn('id', outcomes.map((o) => o.delivery.id)).pluck('id')) as string[]);
      const attempts = outcomes
        .filter((o) => remaining.has(o.delivery.id))
        .map((o) => ({ delivery_id: o.delivery.id, at: o.at, status_code: o.statusCode, error: o.error, duration_ms: o.durationMs }));
      for (let i = 0; i < attempts.length; i += 500) await trx('webhook_attempts').insert(attempts.slice(i, i + 500));
      for (const [id, last] of disabled) {
        await trx('webhook_endpoints')
          .where({ id, enabled: true })
          .update({ enabled: false, disabled_by: 'failures', last_failure: last, disabled_reason: failuresReason(last), updated_at: this.options.clock() });
      }
    });
    for (const [id, last] of disabled) this.options.logger.warn({ endpoint: id }, failuresReason(last));
  }
}
