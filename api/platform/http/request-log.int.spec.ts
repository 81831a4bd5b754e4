import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mountRequestLog } from './request-log';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  username?: string;
}

/** An app logging into memory at `level`, with routes that log, fail and answer quietly. */
const appLoggingAt = (level: string) => {
  const lines: Line[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line) as Line) });
  const app = express();
  mountRequestLog(app, logger, { quiet: (req) => req.url === '/healthz' });
  app.get('/ok', (req, res) => {
    req.log.info({ username: 'ada' }, 'login failed');
    res.json({ ok: true });
  });
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.get('/healthz', (_req, res) => res.send('ok'));
  return { app, lines };
};

describe('request log', () => {
  it('echoes the caller’s request id, or makes one, and tags the request’s log lines with it', async () => {
    const { app, lines } = appLoggingAt('info');
    const given = await request(app).get('/ok?x=1').set('X-Request-Id', 'from-proxy-1');
    expect(given.headers['x-request-id']).toBe('from-proxy-1');
    expect(lines.find((l) => l.msg === 'login failed')).toMatchObject({ reqId: 'from-proxy-1', username: 'ada', level: 30 });
    expect(lines.find((l) => l.msg === 'request completed')).toMatchObject({
      reqId: 'from-proxy-1',
      req: { id: 'from-proxy-1', method: 'GET', url: '/ok?x=1' },
      res: { statusCode: 200 },
      level: 30,
    });

    const made = await request(app).get('/ok');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.headers['x-request-id']).not.toBe('from-proxy-1');

    const long = await request(app).get('/ok').set('X-Request-Id', 'x'.repeat(500));
    expect(long.headers['x-request-id']).toBe('x'.repeat(100));
  });

  it('logs a failed request at error level and keeps health checks out of the log', async () => {
    const { app, lines } = appLoggingAt('info');
    await request(app).get('/boom').expect(500);
    await request(app).get('/healthz').expect(200);
    expect(lines.filter((l) => l.msg === 'request completed')).toEqual([
      expect.objectContaining({ level: 50, req: expect.objectContaining({ url: '/boom' }), res: { statusCode: 500 } }),
    ]);
    expect(lines.find((l) => l.msg === 'request completed')!.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('writes nothing for a successful request when the level is above info', async () => {
    const { app, lines } = appLoggingAt('warn');
    const res = await request(app).get('/ok').expect(200);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(lines).toEqual([]);
  });
});
