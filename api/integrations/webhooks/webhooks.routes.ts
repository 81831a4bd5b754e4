import { Router } from 'express';
import { z } from 'zod';
import { requireSuperuser } from '../../platform/guards';
import { parseInput } from '../../platform/http/validate';
import { WEBHOOK_EVENTS } from '../../../domain/integrations/webhook';
import { pathId } from '../../platform/wire';
import type { WebhookDelivery, WebhookDeliveryService } from './deliveries.service';
import type { WebhookEndpoint, WebhookEndpointService } from './endpoints.service';

const NOT_FOUND = 'Webhook endpoint not found.';
const DELIVERY_NOT_FOUND = 'Webhook delivery not found.';

export const endpointBody = z.object({
  url: z.string({ error: 'Not a valid string.' }).optional(),
  description: z.union([z.string({ error: 'Not a valid string.' }), z.null()]).optional(),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: (issue) => `"${String(issue.input)}" is not an event: use ${WEBHOOK_EVENTS.join(', ')}.` }), { error: 'Expected a list of events.' })
    .max(50, 'Ensure this list has no more than 50 items.')
    .optional(),
  enabled: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
});

export const deliveriesQuery = z.object({
  limit: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(200).optional(),
  before: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).optional(),
});

export const endpointWire = (e: WebhookEndpoint) => ({ id: e.id, url: e.url, description: e.description, events: e.events, enabled: e.enabled, disabled_reason: e.disabledReason, disabled_by: e.disabledBy, last_failure: e.lastFailure, created_at: e.createdAt });

export const deliveryWire = (d: WebhookDelivery) => ({
  id: d.id,
  sequence: d.sequence,
  event_id: d.eventId,
  event_type: d.eventType,
  status: d.status,
  attempts: d.attempts,
  next_attempt_at: d.nextAttemptAt,
  created_at: d.createdAt,
  delivered_at: d.deliveredAt,
  payload: JSON.parse(d.payload) as unknown,
  log: d.log.map((a) => ({ at: a.at, status_code: a.statusCode, error: a.error, duration_ms: a.durationMs })),
});

/** Webhook endpoints of the superuser (REST /api/webhook-endpoints/), their delivery log and replay. */
export const webhookRoutes = (endpoints: WebhookEndpointService, deliveries: WebhookDeliveryService): Router => {
  const router = Router();
  router.use('/webhook-endpoints', requireSuperuser);
  router.get('/webhook-endpoints/', async (_req, res) => {
    res.json((await endpoints.list()).map(endpointWire));
  });
  router.post('/webhook-endpoints/', async (req, res) => {
    const body = parseInput(endpointBody, req.body);
    const created = await endpoints.create(body, req.user!.id);
    res.status(201).json({ ...endpointWire(created), secret: created.secret });
  });
  router.get('/webhook-endpoints/:id/', async (req, res) => {
    res.json(endpointWire(await endpoints.get(pathId(req.params.id, NOT_FOUND))));
  });
  router.put('/webhook-endpoints/:id/', async (req, res) => {
    const body = parseInput(endpointBody, req.body);
    res.json(endpointWire(await endpoints.update(pathId(req.params.id, NOT_FOUND), body, req.user!.id)));
  });
  router.delete('/webhook-endpoints/:id/', async (req, res) => {
    await endpoints.remove(pathId(req.params.id, NOT_FOUND), req.user!.id);
    res.status(204).end();
  });
  router.get('/webhook-endpoints/:id/deliveries/', async (req, res) => {
    const query = parseInput(deliveriesQuery, req.query);
    res.json((await deliveries.list(pathId(req.params.id, NOT_FOUND), query)).map(deliveryWire));
  });
  router.post('/webhook-endpoints/:id/deliveries/:delivery/replay/', async (req, res) => {
    res.json(deliveryWire(await deliveries.replay(pathId(req.params.id, NOT_FOUND), pathId(req.params.delivery, DELIVERY_NOT_FOUND))));
  });
  return router;
};
