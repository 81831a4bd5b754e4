import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Knex } from 'knex';
import { createEventStore } from '../../eventstore/create-event-store';
import { ProjectionEngine } from '../../projections/engine';
import { startSessionCleanup } from '../auth/session-cleanup';
import { startRateLimitCleanup } from '../platform/rate-limit/cleanup';
import { startIdempotencyCleanup } from '../platform/http/idempotency';
import { writePathOf } from '../write/write-path';
import { startNumberRecovery } from '../write/numbering/number-recovery';
import { startSimulatedPayouts } from '../payments/simulated-payouts';
import { startCreditTransferSweep } from '../invoicing/client-credit.service';
import { createApp } from './app';
import { seedAccountingDemo } from '../accounting/demo-seed';
import { seedBillingDemo } from './billing-demo-seed';
import { startRecurringSchedule } from '../recurring/recurring-schedule';
import { startReminderSchedule } from '../invoicing/reminder-schedule';
import { startRateDownload } from '../currencies';
import { bootstrap } from './bootstrap';
import type { Config } from '../platform/config';
import { migrate } from './migrate';
import { openDatabase } from '../platform/db/open';
import { defaultRateLimits, type AppDeps, type RateLimits } from '../platform/deps';
import { Metrics } from '../platform/http/metrics';
import { pageMicrocache } from '../platform/http/page-microcache';
import { logCompletion, REQUEST_ID_HEADER, requestIdOf } from '../platform/http/request-log';
import { withRequestCorrelation } from '../platform/http/request-context';
import { createLogger } from '../platform/logger';
import { companyFrom } from '../company/mail-company';
import { projections as readModels, reactors } from './read-models';
import { MailDispatcher } from '../platform/mail/mail-dispatcher';
import { startMyData, type MyDataDispatcher } from '../invoicing';
import { startWebhooks, type WebhookRuntime } from '../integrations';
import { createMailTransport } from '../platform/mail/transport';
import { isPublicPageRequest, PAGE_MICROCACHE_MS, PAGE_ROUTE, PAGE_VARY } from '../public/ssr-pages';
import { createServices, type Services } from './services';
import { upcasters } from './upcasters';
import { seedBankDemo } from '../bank';
import { seedPurchasesDemo } from '../purchases';

export interface Runtime {
  deps: AppDeps;
  services: Services;
  server: http.Server;
  /** The express app behind the server (which puts the page micro-cache in front of it). */
  app: Express;
  /** Delivers queued e-mails; tests call `drain()` to flush it. */
  mail: MailDispatcher;
  /** Transmits documents to myDATA when configured (MYDATA_*); tests call `drain()`. */
  mydata?: MyDataDispatcher;
  /** Delivers webhooks (background processes); tests call `drain()`. */
  webhooks?: WebhookRuntime;
  url: string;
  stop: () => Promise<void>;
}

export interface RuntimeOptions {
  db?: Knex;
  limits?: Partial<RateLimits>;
  webDist?: string;
  clock?: () => Date;
}

export interface Core {
  deps: AppDeps;
  services: Services;
  /** Delivers queued e-mails; tests call `drain()` to flush it. */
  mail: MailDispatcher;
  mydata?: MyDataDispatcher;
  webhooks?: WebhookRuntime;
  stop: () => Promise<void>;
}

/**
 * Opens the database, migrates, bootstraps and builds the services; unless ROLE=web, also runs the
 * background work (projections, reactors, mail delivery, recurring invoices and payment reminders). No HTTP: the worker
 * process is exactly this.
 */
export const startCore = async (config: Config, options: RuntimeOptions = {}): Promise<Core> => {
  const logger = createLogger(config);
  const db = options.db ?? (await openDatabase(config));
  await migrate(db);
  await bootstrap(db, config, logger);
  const eventStore = withRequestCorrelation(await createEventStore(db, config, upcasters()));
  // On PostgreSQL a worker announces its runners' progress and a web process hears it (read-your-writes
  // without polling); PGlite is one process, and ROLE=all runs everything itself.
  const crossProcess = !config.databaseUrl ? undefined : config.role === 'worker' ? 'announce' : config.role === 'web' ? 'listen' : undefined;
  const clock = options.clock ?? (() => new Date());
  const projections = new ProjectionEngine({ db, store: eventStore, logger, projections: readModels(), reactors: reactors(config, clock), batchSize: config.projectionBatchSize, crossProcess });
  const deps: AppDeps = {
    config,
    db,
    logger,
    clock,
    limits: { ...defaultRateLimits, ...(config.apiTokenRateLimit ? { apiTokenRequests: config.apiTokenRateLimit } : {}), ...options.limits },
    eventStore,
    projections,
    metrics: new Metrics(),
  };
  deps.metrics.watchProjections(() => projections.status());
  const services = createServices(deps);
  const mail = new MailDispatcher(db, createMailTransport(config, logger), {
    from: config.mailFrom ?? companyFrom,
    logger,
    intervalMs: config.env === 'test' ? 200 : 2000,
    onSent: () => deps.metrics.mailsSent.inc(),
    onFailed: () => deps.metrics.mailFailures.inc(),
  });
  const background = config.role !== 'web';
  if (background) mail.start();
  // Web-only processes leave projections to a worker and hear its progress in waitFor.
  if (background) projections.start();
  else await projections.listen();
  const sessionCleanup = background ? startSessionCleanup(db, logger) : undefined;
  const rateLimitCleanup = background ? startRateLimitCleanup(db, logger, deps.clock) : undefined;
  const idempotencyCleanup = background ? startIdempotencyCleanup(db, logger, deps.clock) : undefined;
  const numberRecovery = background && !eventStore.transaction ? startNumberRecovery(writePathOf(deps).numbers, logger) : undefined;
  // Demo data goes through the services, whose responses wait for the projections started above.
  if (config.seedDemo && background) await seedBillingDemo(deps, services.billing);
  if (config.seedDemo && background) await seedAccountingDemo(deps, services.accounting);
  if (config.seedDemo && background) await seedBankDemo(deps, services.bank);
  if (config.seedDemo && background) await seedPurchasesDemo(deps, services.purchases);
  // Not in tests: they pay out when they mean to.
  const simulatedPayouts = background && config.env !== 'test' ? startSimulatedPayouts(deps, services.payments) : undefined;
  const recurringSchedule =
    config.recurringSchedule && background ? startRecurringSchedule(deps, services.billing.recurring) : undefined;
  const reminderSchedule = config.reminderSchedule && background ? startReminderSchedule(deps, services.billing.reminders) : undefined;
  const creditSweep = background ? startCreditTransferSweep(deps, services.billing.credit) : undefined;
  const rateDownload = background ? startRateDownload(deps, services.currencies.rates) : undefined;
  const mydata = background ? startMyData(deps, services.billing.invoices) : undefined;
  const webhooks = background ? startWebhooks(deps) : undefined;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await recurringSchedule?.stop();
      await reminderSchedule?.stop();
      await rateDownload?.stop();
      sessionCleanup?.stop();
      rateLimitCleanup?.stop();
      idempotencyCleanup?.stop();
      numberRecovery?.stop();
      simulatedPayouts?.stop();
      creditSweep?.stop();
      await mydata?.stop();
      await webhooks?.stop();
      await projections.stop();
      await eventStore.close();
      await mail.stop();
      if (!options.db) await db.destroy();
    })());
  return { deps, services, mail, mydata, webhooks, stop };
};

/** The core plus the HTTP server: site, REST API and GraphQL on config.port. */
export const startRuntime = async (config: Config, options: RuntimeOptions = {}): Promise<Runtime> => {
  const core = await startCore(config, options);
  const built = await createApp(core.deps, core.services, { webDist: options.webDist });
  const { logger, metrics, clock } = core.deps;
  // Public pages: identical requests within a second get the same answer without the app.
  const handler = pageMicrocache(built.app, {
    cacheable: isPublicPageRequest,
    varyOn: PAGE_VARY,
    ttlMs: PAGE_MICROCACHE_MS,
    now: () => clock().getTime(),
    replaying: (req, res) => {
      const id = requestIdOf(req);
      res.setHeader(REQUEST_ID_HEADER, id);
      logCompletion(logger, req, res, id);
      const start = performance.now();
      return () => metrics.observe(req.method ?? 'GET', PAGE_ROUTE, res.statusCode, start);
    },
  });
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await built.stop();
      await core.stop();
    })());
  return { deps: core.deps, services: core.services, server, app: built.app, mail: core.mail, mydata: core.mydata, webhooks: core.webhooks, url, stop };
};
