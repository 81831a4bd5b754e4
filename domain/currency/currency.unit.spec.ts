import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { euroDocument, euroShares, fromEuroCents, relief, revaluation, settle, toEuroCents } from './conversion';
import { ECB_CURRENCIES, minorUnits } from './currencies';
import { noRateFor, parseRate, rateFor, type StoredRate } from './rate';
import { RateFileError, readEcbRates } from './ecb-file';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const refusal = (text: string): RateFileError => {
  try {
    readEcbRates(text);
  } catch (error) {
    if (error instanceof RateFileError) return error;
    throw error;
  }
  throw new Error('the file was read');
};

describe('the figures of issue 40 (USD 1,000.00)', () => {
  it('books EUR 909.09 at 1.10', () => {
    expect(toEuroCents(100_000, '1.10')).toBe(90_909);
  });

  it('paid in full at 1.05: EUR 952.38 received, the receivable cleared, a realised gain of EUR 43.29', () => {
    expect(settle({ amount: 100_000, carryingCents: 90_909 }, 100_000, '1.05')).toEqual({ receivedCents: 95_238, relievedCents: 90_909, differenceCents: 4_329 });
  });

  it('revalued at the month end at 1.08: an unrealised gain of EUR 16.84 (925.93 − 909.09)', () => {
    expect(toEuroCents(100_000, '1.08')).toBe(92_593);
    expect(revaluation({ amount: 100_000, carryingCents: 90_909 }, '1.08')).toBe(1_684);
  });

  it('a credit note takes its share of the booked euros, all that is left when it credits what is open, and beyond at the booked rate', () => {
    const open = { amount: 39_500, carryingCents: 37_619 };
    expect(relief(open, 11_900, '1.05')).toBe(11_333);
    expect(relief(open, 39_500, '1.05')).toBe(37_619);
    // 200.00 more than is open: the client's credit, at the invoice's 1.05.
    expect(relief(open, 59_500, '1.05')).toBe(37_619 + 19_048);
    // Nothing open (paid): all at the booked rate.
    expect(relief({ amount: 0, carryingCents: 0 }, 20_000, '1.10')).toBe(18_182);
  });

  it("a refund puts back all of a credit balance's booked euros when it uses it up", () => {
    expect(relief({ amount: -20_000, carryingCents: -18_182 }, -20_000, '1.10')).toBe(-18_182);
    expect(relief({ amount: -20_000, carryingCents: -18_182 }, -5_000, '1.10')).toBe(-4_546);
    // More than the credit (the invoice owed again): the credit's euros and the rest at the booked rate.
    expect(relief({ amount: -20_000, carryingCents: -18_182 }, -30_000, '1.10')).toBe(-18_182 - 9_091);
  });

  it('a payable gains when the currency weakens and loses when it strengthens', () => {
    expect(revaluation({ amount: -100_000, carryingCents: -90_909 }, '1.20')).toBeGreaterThan(0);
    expect(revaluation({ amount: -100_000, carryingCents: -90_909 }, '1.00')).toBe(-9_091);
  });
});

describe('conversion', () => {
  it('rounds half away from zero, once, to the cent', () => {
    // 1.25 / 1 = 1.25 → 125; 0.005 € ties: 1 cent of a currency at rate 2 is 0.5 cents → 1.
    expect(toEuroCents(1, '2')).toBe(1);
    expect(toEuroCents(-1, '2')).toBe(-1);
    expect(toEuroCents(3, '2')).toBe(2);
  });

  it('converts euros into a currency (hundredths of its unit: a yen amount is whole hundreds)', () => {
    expect(minorUnits('JPY')).toBe(0);
    expect(toEuroCents(18_123_000, '181.23')).toBe(100_000);
    expect(fromEuroCents(100_000, '181.23')).toBe(18_123_000);
    expect(fromEuroCents(12_345, '1.1594')).toBe(14_313);
  });

  it('a document balances to the cent: gross = Σ net lines + Σ VAT per rate', () => {
    const doc = euroDocument({ rate: '1.1594', lineNets: [3_333, 3_333, 3_334, 1], vatByRate: [1_900, 0] });
    expect(doc.grossCents).toBe(toEuroCents(11_901, '1.1594'));
    expect(doc.vatByRate).toEqual([toEuroCents(1_900, '1.1594'), 0]);
    expect(doc.lineNets.reduce((a, b) => a + b, 0) + doc.vatCents).toBe(doc.grossCents);
  });

  it('balances any document at any rate (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }).map((n) => (n / 10_000).toFixed(4)),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 0, maxLength: 4 }),
        (rate, lineNets, vatByRate) => {
          const doc = euroDocument({ rate, lineNets, vatByRate });
          expect(doc.lineNets.reduce((a, b) => a + b, 0) + doc.vatCents).toBe(doc.grossCents);
          // The lines share only the rounding residue: half a cent for each amount converted on its own (lines, VAT rates, the gross).
          const own = lineNets.reduce((sum, n) => sum + toEuroCents(n, rate), 0);
          expect(Math.abs(doc.lineNets.reduce((a, b) => a + b, 0) - own)).toBeLessThanOrEqual((lineNets.length + vatByRate.length + 1) / 2);
        },
      ),
    );
  });

  it('shares a residue a cent at a time, largest lines first', () => {
    expect(euroShares([1, 1, 1], '1', 5)).toEqual([2, 2, 1]);
    expect(euroShares([500, 100], '1', 598)).toEqual([499, 99]);
    expect(() => euroShares([], '1', 1)).toThrow();
  });

  it('a part payment clears its share of the carrying amount; the rest clears exactly what is left (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 100_000_000 }),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 5_000, max: 20_000 }).map((n) => (n / 10_000).toFixed(4)),
        fc.integer({ min: 5_000, max: 20_000 }).map((n) => (n / 10_000).toFixed(4)),
        (minor, percent, booked, paid) => {
          const carryingCents = toEuroCents(minor, booked);
          const part = Math.max(1, Math.floor((minor * percent) / 100));
          const first = settle({ amount: minor, carryingCents }, part, paid);
          if (part === minor) return;
          const rest = settle({ amount: minor - part, carryingCents: carryingCents - first.relievedCents }, minor - part, paid);
          expect(first.relievedCents + rest.relievedCents).toBe(carryingCents);
          // Each realised difference is (1/payment rate − 1/booked rate) × amount, within a cent of rounding each side.
          const exact = (minor - part) / Number(paid) - (minor - part) / Number(booked);
          expect(Math.abs(rest.differenceCents - exact)).toBeLessThanOrEqual(1.5);
        },
      ),
    );
  });
});

describe('rates', () => {
  it('reads a rate as written and refuses what is not one', () => {
    expect(parseRate('1.1000')).toEqual({ ok: true, rate: '1.1' });
    expect(parseRate(1.0856)).toEqual({ ok: true, rate: '1.0856' });
    expect(parseRate('19319.02')).toEqual({ ok: true, rate: '19319.02' });
    for (const bad of ['', '0', '0.000', '-1.2', '1,2', '1.1234567', '1e3', 'abc', '2000000', null, Number.NaN]) {
      expect(parseRate(bad).ok, String(bad)).toBe(false);
    }
  });

  const rates: StoredRate[] = [
    { date: '2026-11-27', currency: 'USD', rate: '1.1594', source: 'ecb' },
    { date: '2026-11-26', currency: 'USD', rate: '1.1500', source: 'ecb' },
    { date: '2026-11-26', currency: 'USD', rate: '1.1400', source: 'manual' },
    { date: '2026-11-27', currency: 'GBP', rate: '0.86835', source: 'ecb' },
  ];

  it('uses the rate of the day, or the last before it, never a later one; a manual rate wins on its day', () => {
    expect(rateFor(rates, 'USD', '2026-11-27')?.rate).toBe('1.1594');
    expect(rateFor(rates, 'USD', '2026-11-29')?.rate).toBe('1.1594');
    expect(rateFor(rates, 'USD', '2026-11-26')).toMatchObject({ rate: '1.1400', source: 'manual' });
    expect(rateFor(rates, 'USD', '2026-11-25')).toBeNull();
    expect(rateFor(rates, 'CHF', '2026-11-30')).toBeNull();
    expect(noRateFor('CHF', '2026-11-30')).toContain('CHF');
    expect(noRateFor('CHF', '2026-11-30')).toContain('2026-11-30');
  });
});

describe('ECB rate files', () => {
  it('reads the daily XML: one day, every currency the ECB quotes', () => {
    const file = readEcbRates(fixture('eurofxref-daily.xml'));
    expect(file.format).toBe('ecb-xml');
    expect(file.from).toBe('2026-11-27');
    expect(file.to).toBe('2026-11-27');
    expect(file.rates.map((r) => r.currency)).toEqual([...ECB_CURRENCIES]);
    expect(file.rates.find((r) => r.currency === 'GBP')).toEqual({ date: '2026-11-27', currency: 'GBP', rate: '0.86835' });
    expect(file.rates.find((r) => r.currency === 'DKK')?.rate).toBe('7.469');
  });

  it('reads the daily CSV ("27 November 2026", a trailing comma, CRLF) to the same rates as the XML', () => {
    const csv = readEcbRates(fixture('eurofxref.csv'));
    expect(csv.format).toBe('ecb-csv');
    expect(csv.rates).toEqual(readEcbRates(fixture('eurofxref-daily.xml')).rates);
  });

  it('reads the historical XML and CSV: many days, old currencies, N/A passed over', () => {
    const xml = readEcbRates(fixture('eurofxref-hist-excerpt.xml'));
    expect(xml.rates).toHaveLength(9);
    expect(xml.from).toBe('2025-12-31');
    expect(xml.to).toBe('2026-10-30');
    const csv = readEcbRates(fixture('eurofxref-hist-excerpt.csv'));
    expect(csv.rates).toHaveLength(5 + 5 + 6 + 7);
    expect(csv.rates).toContainEqual({ date: '2007-12-31', currency: 'CYP', rate: '0.585274' });
    expect(csv.rates.filter((r) => r.currency === 'BGN').map((r) => r.date)).toEqual(['2025-12-31', '2007-12-31']);
    expect(csv.from).toBe('2007-12-31');
  });

  it('refuses a file it cannot trust whole, naming where', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><gesmes:Envelope/>', 'line 1', /DOCTYPE/],
      ['<?xml version="1.0"?>\n<Document><Cube/></Document>', 'line 2, element Document', /not an ECB/],
      ['<gesmes:Envelope xmlns:gesmes="g">\n<Cube>\n<Cube currency="USD" rate="1.1"/></Cube></gesmes:Envelope>', "line 3, element Cube", /outside/],
      ['<gesmes:Envelope xmlns:gesmes="g"><Cube><Cube time="2026-02-30"><Cube currency="USD" rate="1.1"/></Cube></Cube></gesmes:Envelope>', 'line 1, element Cube/@time', /not a date/],
      ['<gesmes:Envelope xmlns:gesmes="g"><Cube><Cube time="2026-02-03">\n\n<Cube currency="USD" rate="-1.1"/></Cube></Cube></gesmes:Envelope>', "line 3, element Cube[@currency='USD']", /not a rate/],
      ['<gesmes:Envelope xmlns:gesmes="g"><Cube><Cube time="2026-02-03"><Cube currency="USD" rate="1.1"/><Cube currency="USD" rate="1.2"/></Cube></Cube></gesmes:Envelope>', "line 1, element Cube[@currency='USD']", /twice/],
      ['<gesmes:Envelope xmlns:gesmes="g"><Cube><Cube time="2026-02-03"><Cube currency="EUR" rate="1"/></Cube></Cube></gesmes:Envelope>', "line 1, element Cube[@currency='EUR']", /euro/],
      ['<gesmes:Envelope xmlns:gesmes="g"><Cube>\n<Cube time="2026-02-03"><Cube currency="USD" rate="1.1">', 'line 2', /not well-formed/],
      ['<gesmes:Envelope xmlns:gesmes="g"><Cube></Cube></gesmes:Envelope>', 'line 1', /no rates/],
      ['Datum;USD\n2026-01-02;1.1\n', 'line 1', /not an ECB/],
      ['Date,USD,US$,\n', 'line 1, column 3', /not a currency code/],
      ['Date,USD,USD,\n', 'line 1, column 3', /twice/],
      ['Date,USD,GBP,\n2026-01-02,1.1,0.86,\n2026-01-32,1.1,0.86,\n', 'line 3, column Date', /not a date/],
      ['Date,USD,GBP,\n2026-01-02,1.1,\n', 'line 2', /cells/],
      ['Date,USD,GBP,\n2026-01-02,1.1,0.8 6,\n', 'line 2, column GBP', /not a rate/],
      ['Date,USD,\n2026-01-02,1.1,\n2026-01-02,1.2,\n', 'line 3, column USD', /twice/],
    ];
    for (const [text, where, problem] of cases) {
      const error = refusal(text);
      expect(error.where, text).toBe(where);
      expect(error.problem, text).toMatch(problem);
    }
  });

  it('never opens a file an entity names, and reads with no module that could', () => {
    const xxe = fixture('eurofxref-daily.xml').replace('<gesmes:Envelope', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<gesmes:Envelope').replace("rate='1.1594'", "rate='&e;'");
    const error = refusal(xxe);
    expect(error.where).toBe('line 2');
    expect(error.message).not.toContain('root:');
    const source = readFileSync(new URL('./ecb-file.ts', import.meta.url), 'utf8');
    const imported = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
    expect(imported.filter((m) => !/^(\.\/|\.\.\/shared\/|saxes$)/.test(m))).toEqual([]);
  });

  it('refuses an entity reference the XML would need a DTD for', () => {
    const error = refusal(fixture('eurofxref-daily.xml').replace("rate='1.1594'", "rate='&e;'"));
    expect(error.where).toMatch(/^line 9/);
  });
});
