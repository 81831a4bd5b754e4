import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { createEventStore } from '../eventstore/create-event-store';
import { ProjectionEngine } from '../projections/engine';
import { createApp } from './app';
import { bootstrap } from './bootstrap';
import type { Config } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { defaultRateLimits, type AppDeps, type RateLimits } from './deps';
import { Metrics } from './http/metrics';
import { createLogger } from './logger';
import { MailDispatcher } from './mail/mail-dispatcher';
import { createMailTransport } from './mail/transport';
import { createServices, shutdownServices, type Services } from './services';

export interface Runtime {
  deps: AppDeps;
  services: Services;
  server: http.Server;
  /** Delivers queued e-mails; tests call `drain()` to flush it. */
  mail: MailDispatcher;
  url: string;
  stop: () => Promise<void>;
}

export interface RuntimeOptions {
  db?: Knex;
  limits?: Partial<RateLimits>;
  webDist?: string;
  clock?: () => Date;
}

/** Opens the database, migrates, bootstraps, builds services and serves HTTP. */
export const startRuntime = async (config: Config, options: RuntimeOptions = {}): Promise<Runtime> => {
  const logger = createLogger(config);
  const db = options.db ?? (await openDatabase(config));
  await migrate(db);
  await bootstrap(db, config, logger);
  const eventStore = await createEventStore(db, config);
  const projections = new ProjectionEngine({ db, store: eventStore, logger });
  const deps: AppDeps = {
    config,
    db,
    logger,
    clock: options.clock ?? (() => new Date()),
    limits: { ...defaultRateLimits, ...options.limits },
    eventStore,
    projections,
    metrics: new Metrics(),
  };
  const services = createServices(deps);
  const built = await createApp(deps, services, { webDist: options.webDist });
  const mail = new MailDispatcher(db, createMailTransport(config, logger), {
    from: config.mailFrom,
    logger,
    intervalMs: config.env === 'test' ? 200 : 2000,
    onSent: () => deps.metrics.mailsSent.inc(),
    onFailed: () => deps.metrics.mailFailures.inc(),
  });
  if (config.role !== 'web') mail.start();
  // Web-only processes leave projections to a worker; they still read its checkpoints in waitFor.
  if (config.role !== 'web') projections.start();
  const server = http.createServer(built.app);
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
      await projections.stop();
      await eventStore.close();
      await mail.stop();
      shutdownServices(services);
      if (!options.db) await db.destroy();
    })());
  return { deps, services, server, mail, url, stop };
};
