import type { Request } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';
import { RateLimitedError } from '../../../domain/shared/errors';
import type { AppDeps } from '../deps';
import { hitCounter } from './counter';
import { KnexRateLimitStore } from './knex-store';

export interface LimiterOptions {
  /** Names the counters; two limiters with one name share their budget. */
  name: string;
  limit: number;
  skip?: (req: Request) => boolean;
}

/**
 * express-rate-limit per client address (req.ip: TRUST_PROXY decides whether forwarded addresses
 * count) with its counters in the database, shared by every web instance.
 */
export const requestLimiter = (deps: AppDeps, options: LimiterOptions): RateLimitRequestHandler =>
  rateLimit({
    windowMs: deps.limits.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new KnexRateLimitStore(deps.db, `${options.name}:`, deps.clock),
    skip: options.skip,
    handler: (_req, _res, next) => next(new RateLimitedError()),
  });

/**
 * The same budget as `requestLimiter` with this name, spent from code that has no express
 * middleware chain (a GraphQL resolver): each call counts one request of the caller's address.
 */
export const spendRequestBudget = async (deps: AppDeps, options: LimiterOptions, req: Request): Promise<void> => {
  if (options.skip?.(req)) return;
  const key = `${options.name}:${ipKeyGenerator(req.ip ?? 'unknown')}`;
  const state = await hitCounter(deps.db, key, { windowMs: deps.limits.windowMs }, deps.clock());
  if (state.hits > options.limit) throw new RateLimitedError(undefined, Math.ceil((state.resetAt.getTime() - deps.clock().getTime()) / 1000));
};

/** Anonymous checkouts and reconciliations of the pay link (share the public forms' budget); logged-in users are not limited. */
export const anonymousCheckouts = (deps: AppDeps): LimiterOptions => ({ name: 'anonymous-checkout', limit: deps.limits.publicFormsPerIp, skip: (req) => !!req.user });

/** Anonymous pay-link reads: GET /api/public/invoices/{id}/ (and its PDF and UBL) and GraphQL publicInvoice. */
export const publicReads = (deps: AppDeps): LimiterOptions => ({ name: 'public-reads', limit: deps.limits.publicReadsPerIp, skip: (req) => !!req.user });
