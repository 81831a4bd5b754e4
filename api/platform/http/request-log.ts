import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request } from 'express';
import type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The caller's X-Request-Id (cut to 100 characters), else a fresh UUID. */
export const requestIdOf = (req: IncomingMessage): string => req.headers['x-request-id']?.toString().slice(0, 100) || randomUUID();

/**
 * Writes the request's completion line once it finishes or is aborted (pino-http's shape), when
 * the line's level is enabled.
 */
export const logCompletion = (logger: Logger, req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, id: string): void => {
  const start = performance.now();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    const aborted = !res.writableFinished;
    const level = aborted || res.statusCode >= 500 ? 'error' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      {
        reqId: id,
        req: { id, method: req.method, url: req.originalUrl ?? req.url },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - start),
      },
      aborted ? 'request aborted' : 'request completed',
    );
  };
  res.once('finish', finish);
  res.once('close', finish);
};

/**
 * Request ids and one JSON line per finished request, in pino-http's shape (`req`, `res`,
 * `responseTime`, "request completed"), without its cost: pino-http builds two child loggers for
 * every request, serialising and redacting the request each time, even when the level means
 * nothing is written. Here `req.log` (a child carrying `reqId`) is built on first use only, by a
 * getter on the app's request prototype, and the completion line only when its level is enabled.
 *
 * The id is the caller's X-Request-Id when it sends one (a proxy's, cut to 100 characters), else
 * a fresh UUID; it is echoed back and carried into event metadata as the correlation id.
 */
export const mountRequestLog = (app: Express, logger: Logger, options: { quiet?: (req: Request) => boolean } = {}): void => {
  const child = Symbol('request logger');
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & { [child]?: Logger }) {
      return (this[child] ??= logger.child({ reqId: this.id }));
    },
  });
  app.use(function requestLog(req, res, next) {
    const id = requestIdOf(req);
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    if (!options.quiet?.(req)) logCompletion(logger, req, res, id);
    next();
  });
};
