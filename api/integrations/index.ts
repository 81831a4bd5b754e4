import type { AppDeps } from '../platform/deps';
import { WebhookDeliveryService } from './webhooks/deliveries.service';
import { WebhookDispatcher } from './webhooks/dispatcher';
import { WebhookEndpointService } from './webhooks/endpoints.service';
import { enqueueOverdueInvoices } from './webhooks/overdue';
import { startPeriodic } from '../platform/background/periodic';
import { dayOf } from '../../domain/shared/dates';

export { enqueueWebhooks, type WebhookEvent } from './webhooks/outbox';
export { webhookInvoiceReactor } from './webhooks/invoice-events.reactor';
export { webhookMigrations } from './webhooks/migrations';
export { webhookRoutes } from './webhooks/webhooks.routes';
export { WebhookResolver } from './webhooks/webhooks.resolver';
export { WebhookDispatcher } from './webhooks/dispatcher';

export interface WebhookServices {
  endpoints: WebhookEndpointService;
  deliveries: WebhookDeliveryService;
}

/** Outside production (development, tests), or with WEBHOOKS_ALLOW_PRIVATE, receivers on this machine or a private network are allowed. */
const allowsPrivate = (deps: AppDeps): boolean => deps.config.env !== 'production' || deps.config.webhooksAllowPrivate;

export const createWebhookServices = (deps: AppDeps): WebhookServices => ({
  endpoints: new WebhookEndpointService(deps.db, deps.clock, allowsPrivate(deps)),
  deliveries: new WebhookDeliveryService(deps.db, deps.clock),
});

export interface WebhookRuntime {
  dispatcher: WebhookDispatcher;
  /** Delivers until nothing is due (tests). */
  drain: () => Promise<number>;
  /** Makes invoice.overdue for invoices overdue today (every hour by itself). */
  scanOverdue: () => Promise<number>;
  stop: () => Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;

/** The delivery loop and the hourly overdue scan (background processes). Started here, stopped by the caller. */
export const startWebhooks = (deps: AppDeps): WebhookRuntime => {
  const dispatcher = new WebhookDispatcher(deps.db, { clock: deps.clock, logger: deps.logger, allowPrivate: allowsPrivate(deps), intervalMs: deps.config.env === 'test' ? 200 : 1000 });
  const scanOverdue = () => enqueueOverdueInvoices(deps.db, dayOf(deps.clock()), deps.clock());
  const overdue = startPeriodic(
    () => void scanOverdue().catch((err: unknown) => deps.logger.warn({ err }, 'overdue webhook scan failed')),
    HOUR_MS,
  );
  dispatcher.start();
  return {
    dispatcher,
    drain: () => dispatcher.drain(),
    scanOverdue,
    stop: async () => {
      overdue.stop();
      await dispatcher.stop();
    },
  };
};
