import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';

/** Headers that belong to one answer alone: never replayed (the length is set again from the body). */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id']);

interface Kept {
  headers: [string, number | string | string[]][];
  body: Buffer;
}

/** Longest key kept: a crafted request with huge headers is served, just not kept. */
const MAX_KEY = 4096;

export interface MicrocacheOptions {
  /** Whether the request's answer may be replayed: one that depends only on its URL and the `varyOn` headers. */
  cacheable: (req: IncomingMessage) => boolean;
  /**
   * The request headers (lower case) that, with the URL, make the key. An answer whose Vary names
   * any other header is never kept.
   */
  varyOn: readonly string[];
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
  typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);

/**
 * A micro-cache in front of the app, as a reverse proxy's (nginx `proxy_cache_valid 200 1s`) would
 * be: the first answer of a keyed request goes through the whole app (security headers, language,
 * rendering, compression) and its status-200 bytes and headers are kept for `ttlMs`; identical
 * requests (same URL and `varyOn` headers) meanwhile get those bytes again without the middleware
 * chain. Only answers without Set-Cookie, varying on nothing but `varyOn`, are kept; conditional requests (If-None-Match, If-Modified-Since) always reach the
 * app, which answers them 304.
 */
export const pageMicrocache = (app: RequestListener, options: MicrocacheOptions): RequestListener => {
  const keyOf = (req: IncomingMessage): string | undefined => {
    if (req.method !== 'GET' || req.headers['if-none-match'] || req.headers['if-modified-since'] || !options.cacheable(req)) return undefined;
    const key = [req.url, ...options.varyOn.map((name) => req.headers[name] ?? '')].join('\n');
    return key.length <= MAX_KEY ? key : undefined;
  };
  /** The answer varies on nothing the key leaves out. */
  const keyedEnough = (res: ServerResponse): boolean =>
    String(res.getHeader('vary') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .every((name) => name === '' || options.varyOn.includes(name));
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
      if (res.statusCode !== 200 || res.hasHeader('set-cookie') || !keyedEnough(res)) return;
      const headers = Object.entries(res.getHeaders()).filter(([name]) => !OWN_HEADERS.has(name)) as Kept['headers'];
      kept.set(key, { headers, body: Buffer.concat(chunks) });
    });
  };

  return (req, res) => {
    const key = keyOf(req);
    if (key !== undefined) {
      const entry = kept.get(key);
      if (entry) return replay(req, res, entry);
      capture(key, res);
    }
    app(req, res);
  };
};
