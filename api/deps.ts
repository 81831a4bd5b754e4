import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventStore } from '../eventstore/event-store';
import type { ProjectionEngine } from '../projections/engine';
import type { Config } from './config';
import type { Metrics } from './http/metrics';

/**
 * What the adapters (REST routers, GraphQL resolvers) are given. Feature modules add their
 * application services here as they arrive; adapters never construct services themselves.
 */
export interface AppDeps {
  config: Config;
  db: Knex;
  logger: Logger;
  clock: () => Date;
  limits: RateLimits;
  eventStore: EventStore;
  /** Runs read models and reactors; services call `await deps.projections.waitFor(result.position)` after appending. */
  projections: ProjectionEngine;
  metrics: Metrics;
}

export interface RateLimits {
  /** Failed logins allowed per IP, and per username, in `windowMs`. */
  loginPerIp: number;
  loginPerUsername: number;
  /** Public form submissions (contact, demo, anonymous checkout) per IP in `windowMs`. */
  publicFormsPerIp: number;
  windowMs: number;
}

export const defaultRateLimits: RateLimits = {
  loginPerIp: 20,
  loginPerUsername: 5,
  publicFormsPerIp: 10,
  windowMs: 15 * 60 * 1000,
};
