import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../../../domain/integrations/webhook';
import { empty, json, tagged, wire } from '../../platform/openapi/route-doc';
import { wDateTime, wId } from '../../platform/openapi/wire-schemas';
import { deliveriesQuery, deliveryWire, endpointBody, endpointWire } from './webhooks.routes';

const endpointFields = {
  id: wId,
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable().meta({ description: 'Why it is disabled, in words; null while enabled.' }),
  disabled_by: z.enum(['user', 'failures']).nullable().meta({ description: 'A user, or the product after three days of failed deliveries; null while enabled.' }),
  last_failure: z.string().nullable().meta({ description: 'Disabled by failures: the last failed delivery’s HTTP status or error.' }),
  created_at: wDateTime,
};

export const WebhookEndpointAnswer = wire<ReturnType<typeof endpointWire>>()(
  z.object(endpointFields).meta({ id: 'WebhookEndpoint', description: 'A receiver of webhooks (never its signing secret).' }),
);

const CreatedEndpointAnswer = wire<ReturnType<typeof endpointWire> & { secret: string }>()(
  z.object({ ...endpointFields, secret: z.string().meta({ description: 'The signing secret (`whsec_…`), shown this once.' }) }),
);

const deliveryFields = {
  id: wId,
  sequence: z.number().int().meta({ description: 'Its place in the endpoint’s log: `before` pages back from it.' }),
  event_id: wId.meta({ description: 'The event id (the body’s `id` and the `Webhook-Id` header): the same at every endpoint and on every retry or replay.' }),
  event_type: z.string().meta({ description: 'One of the events (`invoice.paid`, …).' }),
  status: z.enum(['pending', 'delivered', 'failed']).meta({ description: '`failed`: given up three days after its first failure.' }),
  attempts: z.number().int(),
  next_attempt_at: wDateTime.nullable().meta({ description: 'The next try while pending; null otherwise.' }),
  created_at: wDateTime,
  delivered_at: wDateTime.nullable(),
  log: z.array(
    z.object({
      at: wDateTime,
      status_code: z.number().int().nullable().meta({ description: 'The receiver’s HTTP status; null when no answer came.' }),
      error: z.string().nullable().meta({ description: 'Why the attempt failed (`HTTP 500`, a network error); null when delivered.' }),
      duration_ms: z.number().int(),
    }),
  ).meta({ description: 'Every attempt, oldest first.' }),
};

type DeliveryWire = ReturnType<typeof deliveryWire>;
// The payload is typed `unknown` on the wire type (a stored body): every other field is checked against it.
const deliveryChecked = wire<Omit<DeliveryWire, 'payload'>>()(z.object(deliveryFields));

export const WebhookDeliveryAnswer = deliveryChecked
  .extend({
    payload: z
      .object({
        id: wId.meta({ description: 'The event id.' }),
        type: z.string().meta({ description: 'The event.' }),
        created: wDateTime.meta({ description: 'When it happened.' }),
        data: z.record(z.string(), z.unknown()).meta({ description: 'The object it is about, in the REST API’s field names (see `POST /api/webhook-endpoints/`).' }),
      })
      .meta({ description: 'The body sent, as it was stored when the event happened.' }),
  })
  .meta({ id: 'WebhookDelivery', description: 'One event’s delivery to one endpoint, with its attempts.' });

const WEBHOOKS_DESCRIPTION = [
  'Registers a receiver: `url` (http or https, no user name or password; outside development a host resolving to a loopback, private, link-local or reserved address is refused), `events` (at least one), `description`. ' +
    'The answer carries the signing `secret` (`whsec_…`), shown this once.',
  '**Events.** `invoice.issued`, `invoice.paid`, `invoice.overdue` (data: an invoice: `id`, `invoice_number`, `client` (its id), `date`, `due_date`, `currency`, `total_amount`, `open_amount`); ' +
    '`credit_note.issued` (`id`, `credit_note_number`, `invoice`, `client`, `date`, `reason`, `currency`, `total_amount`); ' +
    '`payment.recorded` (`id`, `invoice`, `amount`, `currency`, `date`, `method`, `reference`); ' +
    '`payment.refunded` (`id`, `payment`, `invoice`, `amount`, `currency`, `date`, `reason`); ' +
    '`client.created` (the client, as `GET /api/clients/{id}/` names its fields); `subscription.created`, `subscription.cancelled` (the subscription). Amounts are in the document’s currency.',
  '**Deliveries.** Each event is `POST`ed as JSON `{"id", "type", "created", "data"}` with the headers ' +
    '`Webhook-Id: <event id>` (the same at every endpoint and on every retry or replay: deduplicate on it) and ' +
    '`Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed with the endpoint’s secret (check it over the raw body, and that `t` is recent). ' +
    'A 2xx within 10 s is delivered. Deliveries arrive at least once, in order per document. ' +
    'A failure is tried again after 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, then every 6 h; three days after its first failure the delivery is given up and the endpoint disabled (`disabled_by: "failures"`).',
].join('\n\n');

export const webhookDocs = tagged('Webhooks', [
  { method: 'get', path: '/api/webhook-endpoints/', summary: 'List webhook endpoints', access: 'superuser', answers: { 200: json(z.array(WebhookEndpointAnswer)) } },
  {
    method: 'post',
    path: '/api/webhook-endpoints/',
    summary: 'Register a webhook endpoint (its signing secret is shown once)',
    description: WEBHOOKS_DESCRIPTION,
    access: 'superuser',
    body: endpointBody,
    answers: { 201: json(CreatedEndpointAnswer, 'Created.') },
  },
  { method: 'get', path: '/api/webhook-endpoints/:id/', summary: 'A webhook endpoint', access: 'superuser', answers: { 200: json(WebhookEndpointAnswer) } },
  {
    method: 'put',
    path: '/api/webhook-endpoints/:id/',
    summary: 'Change a webhook endpoint',
    description:
      'Changes the fields given. `enabled: false` stops its deliveries (`disabled_by: "user"`); `enabled: true` clears why it was disabled, and an endpoint disabled by failures then receives its queued deliveries in order.',
    access: 'superuser',
    body: endpointBody,
    answers: { 200: json(WebhookEndpointAnswer) },
  },
  { method: 'delete', path: '/api/webhook-endpoints/:id/', summary: 'Delete a webhook endpoint', access: 'superuser', answers: { 204: empty('Deleted.') } },
  {
    method: 'get',
    path: '/api/webhook-endpoints/:id/deliveries/',
    summary: 'An endpoint’s delivery log, newest first',
    description: '`limit` deliveries (default 50, at most 200); `before` pages back: the deliveries whose `sequence` is below it.',
    access: 'superuser',
    query: deliveriesQuery,
    answers: { 200: json(z.array(WebhookDeliveryAnswer)) },
  },
  {
    method: 'post',
    path: '/api/webhook-endpoints/:id/deliveries/:delivery/replay/',
    summary: 'Send a delivery again now',
    description: 'Delivered, failed or waiting: it is sent again at once with the same event id (a receiver that has it recognises it); its three days start again.',
    access: 'superuser',
    answers: { 200: json(WebhookDeliveryAnswer, 'The delivery, pending.') },
  },
]);
