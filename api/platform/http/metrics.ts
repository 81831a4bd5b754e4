import { apiNotFound } from './error-middleware';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Express, RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ForbiddenError } from '../../../domain/shared/errors';

/** Prometheus metrics of one process. Collectors that need live state register a callback. */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly graphqlCachedAnswers = new Counter({
    name: 'graphql_cached_answers_total',
    help: 'GraphQL queries of versioned fields answered from a kept answer (hit) or executed and kept (miss)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly mailsSent = new Counter({ name: 'mails_sent_total', help: 'E-mails delivered', registers: [this.registry] });
  readonly mailFailures = new Counter({ name: 'mail_failures_total', help: 'E-mail delivery attempts that failed', registers: [this.registry] });
  private projectionStatus?: () => Promise<{ name: string; lag: number; state: string; skipped?: number }[]>;
  private refreshing?: Promise<void>;
  readonly projectionLag = new Gauge({
    name: 'projection_lag_events',
    help: 'Events a projection or reactor still has to process',
    labelNames: ['name'] as const,
    registers: [this.registry],
    collect: async () => this.collectProjections(),
  });
  readonly projectionFailing = new Gauge({
    name: 'projection_failing',
    help: '1 when a projection or reactor is stopped on an error (reactor failures included)',
    labelNames: ['name'] as const,
    registers: [this.registry],
    collect: async () => this.collectProjections(),
  });

  readonly projectionSkipped = new Gauge({
    name: 'projection_skipped_events',
    help: 'Events a projection or reactor could not fold and passed over, not yet resolved by an operator: its read model is incomplete',
    labelNames: ['name'] as const,
    registers: [this.registry],
    collect: async () => this.collectProjections(),
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Lag, failure and skipped-event gauges read the projection engine's status at each scrape. */
  watchProjections(status: () => Promise<{ name: string; lag: number; state: string; skipped?: number }[]>): void {
    this.projectionStatus = status;
  }

  /** The gauges are collected concurrently at a scrape: they share one status read. */
  private collectProjections(): Promise<void> {
    const status = this.projectionStatus;
    if (!status) return Promise.resolve();
    return (this.refreshing ??= (async () => {
      try {
        for (const s of await status()) {
          this.projectionLag.set({ name: s.name }, s.lag);
          this.projectionFailing.set({ name: s.name }, s.state === 'failed' ? 1 : 0);
          this.projectionSkipped.set({ name: s.name }, s.skipped ?? 0);
        }
      } finally {
        this.refreshing = undefined;
      }
    })());
  }

  /** Times a request that express did not route (a replayed page) from `start` (performance.now()). */
  observe(method: string, route: string, status: number, start: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, (performance.now() - start) / 1000);
  }

  /** Times every request under its route pattern (not the raw URL, which would explode cardinality). */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const end = this.httpDuration.startTimer();
      res.on('finish', () => {
        const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : req.baseUrl || 'unmatched';
        end({ method: req.method, route, status: String(res.statusCode) });
      });
      next();
    };
  }

  /**
   * GET /metrics for a bearer token. Without a token: outside production, for loopback callers;
   * in production, not at all (a local reverse proxy makes every caller a loopback peer).
   * Answers whether it mounted the route.
   */
  mount(app: Express, token: string | undefined, production: boolean): boolean {
    if (production && !token) {
      // Not served: a plain 404, so neither the SPA's fallback page nor anything else answers it.
      app.get('/metrics', apiNotFound);
      return false;
    }
    const expected = token && createHash('sha256').update(`Bearer ${token}`).digest();
    app.get('/metrics', async (req, res) => {
      const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
      const given = createHash('sha256').update(req.get('authorization') ?? '').digest();
      const allowed = expected ? timingSafeEqual(given, expected) : loopback;
      if (!allowed) throw new ForbiddenError('Metrics are restricted.');
      res.set('Content-Type', this.registry.contentType);
      res.send(await this.registry.metrics());
    });
    return true;
  }
}
