import { z } from 'zod';
import type { StoredRate } from '../../domain/currency/rate';
import type { ExchangeRateWire, RateImportAnswer } from '../platform/contracts/rest.contract';
import { TOTAL_COUNT, empty, json, tagged, wire } from '../platform/openapi/route-doc';
import { wCurrency, wDate, wDateTime } from '../platform/openapi/wire-schemas';
import { manualRateBody } from './exchange-rate.schema';

const rate = z.number().meta({ description: 'Units of the currency per euro.', examples: [1.0856] });
const source = z.enum(['ecb', 'manual']).meta({ description: '`ecb`: imported from the ECB’s files; `manual`: typed in, and winning on its day.' });

export const ExchangeRateAnswer = wire<ExchangeRateWire>()(
  z
    .object({
      date: wDate,
      currency: wCurrency,
      rate,
      source,
      superseded: z.boolean().meta({ description: 'An ECB rate a manual one replaces on its day.' }),
      updated_at: wDateTime,
    })
    .meta({ id: 'ExchangeRate' }),
);

const RateOnAnswer = wire<Omit<StoredRate, 'rate'> & { rate: number }>()(
  z.object({ currency: wCurrency, date: wDate.meta({ description: 'The day the rate is of: the one asked, or the last before it that has one.' }), rate, source }),
);

const RateImportResult = wire<RateImportAnswer>()(
  z
    .object({
      format: z.enum(['ecb-xml', 'ecb-csv']),
      from: wDate.meta({ description: 'The file’s first day.' }),
      to: wDate.meta({ description: 'The file’s last day.' }),
      currencies: z.array(wCurrency).meta({ description: 'The currencies it holds, sorted.' }),
      rates: z.number().int().meta({ description: 'How many rates it holds.' }),
      added: z.number().int(),
      changed: z.number().int().meta({ description: 'Rates the table held already that the file corrects.' }),
      unchanged: z.number().int(),
    })
    .meta({ id: 'ExchangeRateImport' }),
);

/** A quoted currency (not EUR): read by hand, upper-cased; any other code is a 400. */
const quotedCurrency = z.string().meta({ description: 'A currency the ECB quotes against the euro (not EUR); any case.', examples: ['USD'] });

/** GET /api/exchange-rates/'s query, read by hand in the route. */
const listQuery = z.object({
  currency: quotedCurrency.optional(),
  from: wDate.optional().meta({ description: 'First day.' }),
  to: wDate.optional().meta({ description: 'Last day.' }),
  limit: z.number().int().min(0).optional().meta({ description: 'How many (default 100, at most 500; 0 or not a whole number: 100).' }),
  offset: z.number().int().min(0).optional().meta({ description: 'How many to skip (default 0).' }),
});

/** GET /api/exchange-rates/on/'s query, read by hand in the route. */
const onQuery = z.object({ currency: quotedCurrency, date: wDate });

const rateKey = z.object({ currency: quotedCurrency, date: wDate });

export const exchangeRateDocs = tagged('Exchange rates', [
  {
    method: 'get',
    path: '/api/exchange-rates/',
    summary: 'List exchange rates, newest first',
    description: 'The total matching the filters is in the `X-Total-Count` header. On a day with a manual rate, the ECB’s is listed too, `superseded`.',
    access: 'superuser',
    query: listQuery,
    answers: { 200: json(z.array(ExchangeRateAnswer)) },
    answerHeaders: TOTAL_COUNT,
  },
  {
    method: 'get',
    path: '/api/exchange-rates/latest/',
    summary: 'Each invoiceable currency’s newest rate in effect',
    access: 'superuser',
    answers: { 200: json(z.array(ExchangeRateAnswer)) },
  },
  {
    method: 'get',
    path: '/api/exchange-rates/on/',
    summary: 'The rate a document of a day in a currency would use',
    description: 'That day’s rate, or the last one before it (a manual rate wins on its day); a 400 naming the currency and day when there is none.',
    access: 'superuser',
    query: onQuery,
    answers: { 200: json(RateOnAnswer) },
  },
  {
    method: 'post',
    path: '/api/exchange-rates/',
    summary: 'Enter a rate by hand for a currency and day',
    description: 'It wins over the ECB’s rate of that day; entered again, it replaces the one before.',
    access: 'superuser',
    body: manualRateBody,
    answers: { 201: json(ExchangeRateAnswer, 'Saved.') },
  },
  {
    method: 'delete',
    path: '/api/exchange-rates/:currency/:date/',
    summary: 'Remove a rate entered by hand',
    description: 'The ECB’s rate of that day (or the last before it) applies again. 404 when no manual rate was entered for that currency and day.',
    access: 'superuser',
    params: rateKey,
    answers: { 204: empty() },
  },
  {
    method: 'post',
    path: '/api/exchange-rates/import/',
    summary: 'Import an ECB reference-rate file (XML or CSV)',
    description: 'The daily or historical file as the ECB publishes it. Read whole first (a 400 on `file` naming the line when it cannot be read), then written at once; a rate the ECB corrected is replaced.',
    access: 'superuser',
    upload: { field: 'file', description: 'eurofxref-daily.xml, eurofxref-hist.xml, eurofxref.csv or eurofxref-hist.csv (at most 16 MB).' },
    answers: { 201: json(RateImportResult, 'Rates were added or changed.'), 200: json(RateImportResult, 'Nothing new: every rate was in the table already.') },
  },
]);
