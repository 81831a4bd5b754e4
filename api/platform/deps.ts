import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventStore } from '../../eventstore/event-store';
import type { ProjectionEngine } from '../../projections/engine';
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
  /**
   * Failed logins of one username from one client address answered at once; each later one waits
   * `loginDelayMs` after the previous failure, doubling up to `loginMaxDelayMs`.
   */
  loginPerUsername: number;
  loginDelayMs: number;
  loginMaxDelayMs: number;
  /** Failed logins per client address across all usernames in `windowMs`. */
  loginPerIp: number;
  /** Public form submissions (contact, demo, anonymous checkout) per IP in `windowMs`. */
  publicFormsPerIp: number;
  /** Anonymous pay-link reads (REST, PDF, UBL and GraphQL publicInvoice together) per IP in `windowMs`. */
  publicReadsPerIp: number;
  /** Confirmation e-mails to one (unverified) recipient address per day. */
  confirmationMailsPerRecipient: number;
  /** Requests with one API token (every process together) in `windowMs`. */
  apiTokenRequests: number;
  windowMs: number;
}

export const defaultRateLimits: RateLimits = {
  loginPerUsername: 5,
  loginDelayMs: 1000,
  loginMaxDelayMs: 15 * 60 * 1000,
  loginPerIp: 50,
  publicFormsPerIp: 10,
  publicReadsPerIp: 300,
  confirmationMailsPerRecipient: 3,
  // 10 per second on average over the window; an integration that needs more uses more tokens.
  apiTokenRequests: 9000,
  windowMs: 15 * 60 * 1000,
};
