import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, wantsPrettyLogs } from './logger';

const capture = (pretty: boolean) => {
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (c: Buffer) => chunks.push(c.toString()));
  const previous = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'info';
  const logger = createLogger({ env: 'development' }, { pretty, destination: out });
  if (previous === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = previous;
  return { logger, text: () => chunks.join('') };
};

describe('log format', () => {
  it('is pretty only for development at a terminal, unless LOG_FORMAT says otherwise', () => {
    expect(wantsPrettyLogs('development', true, undefined)).toBe(true);
    expect(wantsPrettyLogs('development', false, undefined)).toBe(false);
    expect(wantsPrettyLogs('production', true, undefined)).toBe(false);
    expect(wantsPrettyLogs('test', true, undefined)).toBe(false);
    expect(wantsPrettyLogs('development', true, 'json')).toBe(false);
    expect(wantsPrettyLogs('production', false, 'pretty')).toBe(true);
  });

  it('pretty lines read as text with the level and message; passwords stay redacted', async () => {
    const { logger, text } = capture(true);
    logger.info({ password: 'hunter2', route: '/api/login/' }, 'login attempt');
    await new Promise((r) => setTimeout(r, 20));
    expect(text()).toMatch(/INFO.*login attempt/);
    expect(text()).toContain('route: "/api/login/"');
    expect(text()).not.toContain('hunter2');
    expect(() => JSON.parse(text())).toThrow();
  });

  it('otherwise one JSON object per line', async () => {
    const { logger, text } = capture(false);
    logger.info({ password: 'hunter2' }, 'login attempt');
    await new Promise((r) => setTimeout(r, 20));
    const line = JSON.parse(text().trim());
    expect(line).toMatchObject({ level: 30, msg: 'login attempt', password: '[redacted]' });
  });
});
