import type { Knex } from 'knex';
import { NotFoundError } from '../../../domain/shared/errors';
import { toIso } from '../../platform/wire';

export interface WebhookAttempt {
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookDelivery {
  id: string;
  /** Its place in the endpoint's log: `before` pages back from it. */
  sequence: number;
  /** The event id the receiver deduplicates on (the body's `id`). */
  eventId: string;
  eventType: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
  payload: string;
  log: WebhookAttempt[];
}

interface Row {
  seq: number | string;
  id: string;
  event_id: string;
  event_type: string;
  status: WebhookDelivery['status'];
  attempts: number;
  next_attempt_at: Date | string;
  created_at: Date | string;
  delivered_at: Date | string | null;
  payload: string;
}

const NOT_FOUND = 'Webhook delivery not found.';
const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found.';
const MAX_PAGE = 200;

/** The delivery log of an endpoint, newest first, and replaying a delivery. */
export class WebhookDeliveryService {
  constructor(
    private readonly db: Knex,
    private readonly clock: () => Date,
  ) {}

  async list(endpointId: string, options: { limit?: number; before?: number } = {}): Promise<WebhookDelivery[]> {
    if (!(await this.db('webhook_endpoints').where({ id: endpointId }).first('id'))) throw new NotFoundError(ENDPOINT_NOT_FOUND);
    const limit = Math.min(Math.max(1, options.limit ?? 50), MAX_PAGE);
    const rows = (await this.db('webhook_deliveries')
      .where({ endpoint_id: endpointId })
      .modify((q) => (options.before ? q.where('seq', '<', options.before) : q))
      .orderBy('seq', 'desc')
      .limit(limit)
      .select('seq', 'id', 'event_id', 'event_type', 'status', 'attempts', 'next_attempt_at', 'created_at', 'delivered_at', 'payload')) as Row[];
    const attempts = rows.length
      ? ((await this.db('webhook_attempts').whereIn('delivery_id', rows.map((r) => r.id)).orderBy('id').select('delivery_id', 'at', 'status_code', 'error', 'duration_ms')) as Array<{
          delivery_id: string;
          at: Date | string;
          status_code: number | null;
          error: string | null;
          duration_ms: number;
        }>)
      : [];
    return rows.map((r) => ({
      id: r.id,
      sequence: Number(r.seq),
      eventId: r.event_id,
      eventType: r.event_type,
      status: r.status,
      attempts: r.attempts,
      nextAttemptAt: r.status === 'pending' ? toIso(r.next_attempt_at) : null,
      createdAt: toIso(r.created_at),
      deliveredAt: r.delivered_at === null ? null : toIso(r.delivered_at),
      payload: r.payload,
      log: attempts.filter((a) => a.delivery_id === r.id).map((a) => ({ at: toIso(a.at), statusCode: a.status_code, error: a.error, durationMs: a.duration_ms })),
    }));
  }

  /**
   * Sends a delivery again now (delivered, failed or waiting for its next try), with the same event
   * id: a receiver that already has it recognises it. Its three days start again.
   */
  async replay(endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    const updated = await this.db('webhook_deliveries')
      .where({ id: deliveryId, endpoint_id: endpointId })
      .update({ status: 'pending', next_attempt_at: this.clock(), first_failed_at: null, leased_until: null });
    if (!updated) throw new NotFoundError(NOT_FOUND);
    return this.one(endpointId, deliveryId);
  }

  private async one(endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    const row = (await this.db('webhook_deliveries').where({ id: deliveryId, endpoint_id: endpointId }).first('seq')) as { seq: number } | undefined;
    if (!row) throw new NotFoundError(NOT_FOUND);
    return (await this.list(endpointId, { limit: 1, before: Number(row.seq) + 1 }))[0]!;
  }
}
