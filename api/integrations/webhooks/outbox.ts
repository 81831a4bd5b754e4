import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { v5 as uuidv5 } from 'uuid';
import type { WebhookEventType } from '../../../domain/integrations/webhook';

/** Names the event ids: the same fact gets the same id at every endpoint, so a receiver of two deduplicates across them. */
const EVENT_NAMESPACE = '5b0d3c1e-7f3e-4a55-9c1d-2b6a0f4e8d71';

export interface WebhookEvent {
  type: WebhookEventType;
  /** What happened, once (e.g. `invoice.paid:<invoice id>`): a replay of the same fact adds nothing. */
  key: string;
  /** Deliveries of one document (`invoice:<id>`) reach each endpoint in the order they were made. */
  documentKey: string;
  /** When it happened (ISO 8601). */
  occurredAt: string;
  /** The object it is about, as the REST API names its fields. */
  data: object;
}

/** The id a receiver deduplicates on: one per fact, the same at every endpoint. */
const webhookEventId = (event: WebhookEvent): string => uuidv5(event.key, EVENT_NAMESPACE);

/** The body every delivery of this event carries. */
export const webhookBody = (event: WebhookEvent): string => JSON.stringify({ id: webhookEventId(event), type: event.type, created: event.occurredAt, data: event.data });

/**
 * Puts the events in the outbox of every endpoint subscribed to them (but one a user disabled), in the caller's
 * transaction (what happened and its deliveries commit together). Idempotent by (endpoint, key).
 */
export const enqueueWebhooks = async (trx: Knex, events: readonly WebhookEvent[], now: Date): Promise<void> => {
  if (events.length === 0) return;
  // An endpoint the product disabled after three days of failures keeps its queue, delivered in order once it is enabled again; one a user disabled does not.
  const endpoints = (await trx('webhook_endpoints')
    .where((q) => q.where({ enabled: true }).orWhere({ disabled_by: 'failures' }))
    .select('id', 'events')) as Array<{ id: string; events: string }>;
  if (endpoints.length === 0) return;
  const subscribed = endpoints.map((e) => ({ id: e.id, events: new Set(JSON.parse(e.events) as string[]) }));
  const rows = events.flatMap((event) =>
    subscribed
      .filter((e) => e.events.has(event.type))
      .map((e) => ({
        id: randomUUID(),
        endpoint_id: e.id,
        event_type: event.type,
        event_id: webhookEventId(event),
        event_key: event.key,
        document_key: event.documentKey,
        payload: webhookBody(event),
        next_attempt_at: now,
        created_at: now,
      })),
  );
  for (let i = 0; i < rows.length; i += 500) await trx('webhook_deliveries').insert(rows.slice(i, i + 500)).onConflict(['endpoint_id', 'event_key']).ignore();
};
