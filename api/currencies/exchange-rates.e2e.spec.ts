import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf } from '../invoicing/test/fixtures';
import { downloadRates } from './rate-download';

const fixture = (name: string): string => readFileSync(new URL(`../../domain/currency/fixtures/${name}`, import.meta.url), 'utf8');
const daily = fixture('eurofxref-daily.xml');
const history = fixture('eurofxref-hist-excerpt.csv');

describe.each(testBackends())('exchange rates on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  const rateCount = async () => Number(((await server.testDb.db('exchange_rates').count({ n: '*' })) as Array<{ n: string }>)[0]!.n);

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  it('has Exchange Gains (4900) and Exchange Losses (5900) in the chart, as system accounts', async () => {
    const accounts = (await server.testDb.db('accounts').whereIn('code', ['4900', '5900']).orderBy('code')) as Array<{ code: string; account_name: string; type: string; system_key: string; is_active: boolean }>;
    expect(accounts.map((a) => [a.code, a.account_name, a.type, a.system_key, a.is_active])).toEqual([
      ['4900', 'Exchange Gains', 'revenue', 'exchangeGains', true],
      ['5900', 'Exchange Losses', 'expense', 'exchangeLosses', true],
    ]);
  });

  it("imports the ECB's daily XML, and the same file again changes nothing", async () => {
    const first = await admin.upload('/api/exchange-rates/import/', 'file', daily, 'eurofxref-daily.xml');
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ format: 'ecb-xml', from: '2026-11-27', to: '2026-11-27', rates: 29, added: 29, changed: 0, unchanged: 0 });
    expect(first.body.currencies).toContain('USD');
    const again = await admin.upload('/api/exchange-rates/import/', 'file', daily, 'eurofxref-daily.xml');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ added: 0, changed: 0, unchanged: 29 });
    const list = await admin.get('/api/exchange-rates/?currency=gbp');
    expect(list.status, list.text).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.body).toEqual([{ date: '2026-11-27', currency: 'GBP', rate: 0.86835, source: 'ecb', superseded: false, updated_at: expect.any(String) }]);
  });

  it('imports the historical CSV (old currencies, N/A passed over) and takes a corrected rate', async () => {
    const res = await admin.upload('/api/exchange-rates/import/', 'file', history, 'eurofxref-hist.csv');
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ format: 'ecb-csv', from: '2007-12-31', to: '2026-10-30', rates: 23, added: 23 });
    const corrected = history.replace('2026-10-30,1.08,', '2026-10-30,1.0801,');
    expect((await admin.upload('/api/exchange-rates/import/', 'file', corrected, 'eurofxref-hist.csv')).body).toMatchObject({ added: 0, changed: 1, unchanged: 22 });
    const audit = await server.testDb.db('audit_log').where({ entity: 'exchange_rate_import' }).orderBy('id');
    expect(audit).toHaveLength(4);
    expect(audit[3]).toMatchObject({ action: 'create', entity_id: '2007-12-31 2026-10-30', after: expect.objectContaining({ changed: 1 }) });
  });

  it("answers the rate of a document's day, or the last before it, never a later one, and a 400 naming currency and day without one", async () => {
    expect((await admin.get('/api/exchange-rates/on/?currency=USD&date=2026-11-27')).body).toMatchObject({ date: '2026-11-27', rate: 1.1594, source: 'ecb' });
    expect((await admin.get('/api/exchange-rates/on/?currency=USD&date=2026-11-26')).body).toMatchObject({ date: '2026-10-30', rate: 1.0801 });
    expect((await admin.get('/api/exchange-rates/on/?currency=usd&date=2026-12-25')).body).toMatchObject({ date: '2026-11-27' });
    const none = await admin.get('/api/exchange-rates/on/?currency=CHF&date=2007-06-30');
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/no CHF exchange rate on or before 2007-06-30/);
    expect((await admin.get('/api/exchange-rates/on/?currency=EUR&date=2025-06-30')).status).toBe(400);
    expect((await admin.get('/api/exchange-rates/on/?currency=USD&date=2025-02-30')).body.errors).toHaveProperty('date');
  });

  it('takes a rate typed in by hand, which wins on its day, can be changed and removed, each change audited', async () => {
    const made = await admin.post('/api/exchange-rates/', { date: '2026-11-27', currency: 'usd', rate: '1.2' });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ date: '2026-11-27', currency: 'USD', rate: 1.2, source: 'manual' });
    expect((await admin.get('/api/exchange-rates/on/?currency=USD&date=2026-11-28')).body).toMatchObject({ rate: 1.2, source: 'manual' });
    const day = (await admin.get('/api/exchange-rates/?currency=USD&from=2026-11-27&to=2026-11-27')).body as Array<{ source: string; superseded: boolean }>;
    expect(day.map((r) => [r.source, r.superseded])).toEqual([
      ['manual', false],
      ['ecb', true],
    ]);
    expect((await admin.post('/api/exchange-rates/', { date: '2026-11-27', currency: 'USD', rate: 1.21 })).status).toBe(201);
    const latest = (await admin.get('/api/exchange-rates/latest/')).body as Array<{ currency: string }>;
    expect(latest).toContainEqual(expect.objectContaining({ currency: 'USD', rate: 1.21, source: 'manual' }));
    // The history's currencies no client can be invoiced in are left out.
    expect(latest.map((r) => r.currency)).not.toContain('CYP');
    expect((await admin.delete('/api/exchange-rates/USD/2026-11-27/')).status).toBe(204);
    expect((await admin.delete('/api/exchange-rates/USD/2026-11-27/')).status).toBe(404);
    expect((await admin.get('/api/exchange-rates/on/?currency=USD&date=2026-11-28')).body).toMatchObject({ rate: 1.1594, source: 'ecb' });
    const audit = (await server.testDb.db('audit_log').where({ entity: 'exchange_rate', entity_id: 'USD 2026-11-27' }).orderBy('id')) as Array<{ action: string; before: unknown; after: unknown }>;
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['create', null, { rate: '1.2' }],
      ['update', { rate: '1.2' }, { rate: '1.21' }],
      ['delete', { rate: '1.21' }, null],
    ]);
  });

  it('refuses a bad manual rate with each field named, and writes nothing', async () => {
    const before = await rateCount();
    const bad = await admin.post('/api/exchange-rates/', { date: '2026-02-30', currency: 'EUR', rate: '0' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['currency', 'date', 'rate']);
    expect(bad.body.errors.rate[0]).toBe('A rate must be greater than 0.');
    const more = await admin.post('/api/exchange-rates/', { date: '2026-02-03', currency: 'XYZ', rate: '1.1234567' });
    expect(Object.keys(more.body.errors).sort()).toEqual(['currency', 'rate']);
    expect((await admin.post('/api/exchange-rates/', {})).body.errors).toMatchObject({ date: expect.any(Array), currency: expect.any(Array), rate: expect.any(Array) });
    expect(await rateCount()).toBe(before);
  });

  it('refuses a hostile or broken file whole, naming the line, and writes nothing', async () => {
    const before = await rateCount();
    const refused = async (body: Buffer | string, says: RegExp) => {
      const res = await admin.upload('/api/exchange-rates/import/', 'file', body, 'rates.xml');
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors.file[0]).toMatch(says);
    };
    await refused(daily.replace('<gesmes:Envelope', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<gesmes:Envelope'), /^line 2: an XML DOCTYPE declaration is not allowed/);
    // The error is on the last line: the lines before it are not written either.
    const long = `${history.trimEnd()}\n2001-01-02,0.9423,notarate,N/A,N/A,35.0,0.6275,1.5141,\n`;
    await refused(long.replace(/2026-10-3/g, '2019-10-3'), /^line 6, column JPY: "notarate" is not a rate/);
    await refused(Buffer.from([0xff, 0xfe, 0x41, 0x00]), /not UTF-8/);
    await refused('', /empty|Choose a rate file/);
    await refused('Datum;USD\n', /line 1: this is not an ECB reference rate file/);
    const huge = Buffer.alloc(16 * 1024 * 1024 + 1, 0x20);
    await refused(huge, /over 16 MB/);
    expect(await rateCount()).toBe(before);
    expect((await admin.get('/api/exchange-rates/?currency=USD&from=2019-01-01&to=2019-12-31')).headers['x-total-count']).toBe('0');
  });

  it('downloads the rates from a URL as the daily job does, within the size limit, and refuses a failed answer', async () => {
    let answer: { status: number; body: string | Buffer } = { status: 200, body: daily.replace(/2026-11-27/g, '2026-11-30') };
    const ecb: Server = createServer((_req, res) => {
      res.writeHead(answer.status, { 'Content-Type': 'application/xml' });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => ecb.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(ecb.address() as AddressInfo).port}/eurofxref-daily.xml`;
    try {
      const rates = server.runtime.services.currencies.rates;
      expect(await downloadRates(url, rates)).toMatchObject({ from: '2026-11-30', added: 29 });
      expect((await admin.get('/api/exchange-rates/on/?currency=GBP&date=2026-11-30')).body).toMatchObject({ date: '2026-11-30', rate: 0.86835 });
      answer = { status: 503, body: 'busy' };
      await expect(downloadRates(url, rates)).rejects.toThrow(/answered 503/);
      answer = { status: 200, body: Buffer.alloc(16 * 1024 * 1024 + 10, 0x20) };
      const before = await rateCount();
      await expect(downloadRates(url, rates)).rejects.toThrow(/over/);
      expect(await rateCount()).toBe(before);
    } finally {
      await new Promise((resolve) => ecb.close(resolve));
    }
  });
});
