import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';

/** Headers that belong to one answer alone: never replayed (the length is set again from the body). */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id']);

interface Kept {
  headers: [string, number | string | string[]][];
  body: Buffer;
}

export interface MicrocacheOptions {
  /**
   * The request's key when its answer may be replayed to identical requests: it must hold every
   * input the answer depends on. Undefined: the request always goes to the app.
   */
  keyOf: (req: IncomingMessage) => string | undefined;
  /** How long an answer is replayed; the page may then be that much older than its sources. */
  ttlMs: number;
  /** Milliseconds; the app's clock, so that tests moving it move the cache too. */
  now: () => number;
  /** Most bytes of answers kept. */
  maxBytes?: number;
  /** Sets the answer's own headers before a replay (the request id); answers what runs once it is sent. */
  replaying?: (req: IncomingMessage, res: ServerResponse) => (() => void) | undefined;
}

type Chunk = string | Buffer | Uint8Array;

const bytesOf = (chunk: Chunk, encoding: unknown): Buffer =>
  typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk);

/**
 * A micro-cache in front of the app, as a reverse proxy's (nginx `proxy_cache_valid 200 1s`) would
 * be: the first answer of a keyed request goes through the whole app (security headers, language,
 * rendering, compression) and its status-200 bytes and headers are kept for `ttlMs`; identical
 * requests meanwhile get those bytes again without the middleware chain. Only answers without
 * Set-Cookie are kept, and conditional requests (If-None-Match, If-Modified-Since) always reach the
 * app, which answers them 304.
 */
export const pageMicrocache = (app: RequestListener, options: MicrocacheOptions): RequestListener => {
  const kept = new LRUCache<string, Kept>({
    maxSize: options.maxBytes ?? 8_000_000,
    sizeCalculation: (entry, key) => entry.body.length + key.length + 512,
    ttl: options.ttlMs,
    perf: { now: options.now },
  });

  const replay = (req: IncomingMessage, res: ServerResponse, entry: Kept): void => {
    const sent = options.replaying?.(req, res);
    res.statusCode = 200;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader('Content-Length', entry.body.length);
    if (sent) res.once('finish', sent);
    res.end(entry.body);
  };

  /** Keeps what the app writes (after its compression), and the answer if it can be replayed. */
  const capture = (key: string, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    const { write, end } = res;
    res.write = function (this: ServerResponse, chunk: Chunk, ...rest: unknown[]) {
      chunks.push(bytesOf(chunk, rest[0]));
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      if (args[0] !== undefined && args[0] !== null && typeof args[0] !== 'function') chunks.push(bytesOf(args[0] as Chunk, args[1]));
      return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['end'];
    res.once('finish', () => {
      if (res.statusCode !== 200 || res.hasHeader('set-cookie')) return;
      const headers = Object.entries(res.getHeaders()).filter(([name]) => !OWN_HEADERS.has(name)) as Kept['headers'];
      kept.set(key, { headers, body: Buffer.concat(chunks) });
    });
  };

  return (req, res) => {
    const key = req.method === 'GET' && !req.headers['if-none-match'] && !req.headers['if-modified-since'] ? options.keyOf(req) : undefined;
    if (key !== undefined) {
      const entry = kept.get(key);
      if (entry) return replay(req, res, entry);
      capture(key, res);
    }
    app(req, res);
  };
};
