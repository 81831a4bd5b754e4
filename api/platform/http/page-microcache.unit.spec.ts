import http, { type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { pageMicrocache } from './page-microcache';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const listen = async (handler: RequestListener): Promise<string> => {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** An express app whose pages say how often the app answered, compressed when asked. */
const countingApp = () => {
  let calls = 0;
  const app = express();
  app.use(compression({ threshold: 0 }));
  app.use((_req, res, next) => {
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('X-Request-Id', `app-${calls + 1}`);
    next();
  });
  app.get('/page', (req, res) => {
    calls += 1;
    res.vary('Accept-Language').type('html').send(`<p>page ${calls} for ${req.get('accept-language') ?? '-'}</p>`);
  });
  app.get('/fixed', (_req, res) => {
    calls += 1;
    res.send('the same page');
  });
  app.get('/by-agent', (_req, res) => {
    calls += 1;
    res.vary('User-Agent').send(`agent ${calls}`);
  });
  app.get('/uncached', (_req, res) => {
    calls += 1;
    res.send(`uncached ${calls}`);
  });
  app.get('/cookie', (_req, res) => {
    calls += 1;
    res.cookie('seen', 'yes').send(`cookie ${calls}`);
  });
  app.get('/missing', (_req, res) => {
    calls += 1;
    res.status(404).send(`missing ${calls}`);
  });
  app.post('/page', (_req, res) => {
    calls += 1;
    res.send(`posted ${calls}`);
  });
  return { app, calls: () => calls };
};

const varyOn = ['accept-language', 'accept-encoding'];

const setup = async () => {
  let now = 1_000_000;
  const replays: string[] = [];
  const { app, calls } = countingApp();
  const base = await listen(
    pageMicrocache(app, {
      cacheable: (req) => req.url !== '/uncached',
      varyOn,
      ttlMs: 1000,
      now: () => now,
      replaying: (req, res) => {
        res.setHeader('X-Request-Id', `replay-${replays.length + 1}`);
        return () => replays.push(req.url!);
      },
    }),
  );
  return { base, calls, replays, advance: (ms: number) => (now += ms) };
};

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });

/** A request exactly as given (fetch would add Cache-Control: no-cache to a conditional one): its status and raw body. */
const raw = (url: string, headers: Record<string, string>, method = 'GET') =>
  new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });

describe('pageMicrocache', () => {
  it('replays a kept answer to identical requests within its time, with the request’s own id, then asks the app again', async () => {
    const { base, calls, replays, advance } = await setup();
    const first = await get(`${base}/page`, { 'accept-language': 'el' });
    expect(await first.text()).toBe('<p>page 1 for el</p>');
    expect(first.headers.get('x-request-id')).toBe('app-1');

    advance(999);
    const again = await get(`${base}/page`, { 'accept-language': 'el' });
    expect(await again.text()).toBe('<p>page 1 for el</p>');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-request-id')).toBe('replay-1');
    expect(again.headers.get('x-frame-options')).toBe('DENY');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('vary')).toBe(first.headers.get('vary'));
    expect(again.headers.get('content-length')).toBe(String('<p>page 1 for el</p>'.length));
    expect(calls()).toBe(1);
    await expect.poll(() => replays).toEqual(['/page']);

    // Another key (language) is its own answer; past its time the page is asked for again.
    expect(await (await get(`${base}/page`, { 'accept-language': 'ru' })).text()).toBe('<p>page 2 for ru</p>');
    advance(2);
    expect(await (await get(`${base}/page`, { 'accept-language': 'el' })).text()).toBe('<p>page 3 for el</p>');
    expect(calls()).toBe(3);
  });

  it('replays the compressed bytes to a request asking for the same encoding', async () => {
    const { base, calls } = await setup();
    const gzip = { 'accept-encoding': 'gzip', 'accept-language': 'en' };
    const first = await get(`${base}/page`, gzip);
    expect(await first.text()).toBe('<p>page 1 for en</p>');
    const again = await get(`${base}/page`, gzip);
    expect(again.headers.get('content-encoding')).toBe('gzip');
    expect(await again.text()).toBe('<p>page 1 for en</p>');
    expect(calls()).toBe(1);
    // The bytes on the wire, as the app compressed them.
    expect(gunzipSync((await raw(`${base}/page`, gzip)).body).toString()).toBe('<p>page 1 for en</p>');
    expect(calls()).toBe(1);
  });

  it('never keeps an answer that sets a cookie, that is not a 200, or to anything but a plain GET', async () => {
    const { base, calls } = await setup();
    await get(`${base}/cookie`);
    expect(await (await get(`${base}/cookie`)).text()).toBe('cookie 2');
    await get(`${base}/missing`);
    expect(await (await get(`${base}/missing`)).text()).toBe('missing 4');
    await fetch(`${base}/page`, { method: 'POST' });
    expect(await (await fetch(`${base}/page`, { method: 'POST' })).text()).toBe('posted 6');
    expect(calls()).toBe(6);

    // A conditional request goes to the app (which answers 304 itself); HEAD too.
    const page = await get(`${base}/fixed`);
    const etag = page.headers.get('etag')!;
    expect((await raw(`${base}/fixed`, { 'if-none-match': etag })).status).toBe(304);
    expect((await raw(`${base}/fixed`, {}, 'HEAD')).status).toBe(200);
    expect(calls()).toBe(9);
  });

  it('leaves requests it may not cache to the app, and never keeps an answer that varies on a header outside the key', async () => {
    const { base, calls } = await setup();
    await get(`${base}/uncached`);
    expect(await (await get(`${base}/uncached`)).text()).toBe('uncached 2');
    await get(`${base}/by-agent`);
    expect(await (await get(`${base}/by-agent`)).text()).toBe('agent 4');
    expect(calls()).toBe(4);
  });
});
