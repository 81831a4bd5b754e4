import { Router } from 'express';
import { RATE_FILE_MAX_BYTES } from '../../domain/currency/ecb-file';
import { requireSuperuser } from '../platform/guards';
import { singleFileUpload } from '../platform/http/upload';
import { currencyParam, dateParam, parseManualRateBody } from './exchange-rate.schema';
import type { ExchangeRateService } from './exchange-rate.service';

/** The upload: one file in field `file`, 16 MB at most (the whole history since 1999 is about 6 MB). */
const readUpload = singleFileUpload({ maxBytes: RATE_FILE_MAX_BYTES, what: 'a rate file', missing: "Choose a rate file to import: the ECB's reference rates in XML or CSV." });

const count = (value: unknown, fallback: number, max: number): number => {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= 0 ? Math.min(n, max) : fallback;
};

/** `/api/exchange-rates/`: the rates table (superuser). */
export const exchangeRateRoutes = (currencies: { rates: ExchangeRateService }): Router => {
  const router = Router();
  router.use('/exchange-rates', requireSuperuser);

  // Newest first: ?currency=USD, &from=, &to= (YYYY-MM-DD), &limit= (100; at most 500), &offset=; the total in X-Total-Count.
  router.get('/exchange-rates/', async (req, res) => {
    const query = req.query; // Express 5 parses the query string again at every access.
    const { items, total } = await currencies.rates.list({
      currency: query.currency === undefined || query.currency === '' ? undefined : currencyParam(query.currency),
      from: query.from === undefined || query.from === '' ? undefined : dateParam(query.from, 'from'),
      to: query.to === undefined || query.to === '' ? undefined : dateParam(query.to, 'to'),
      limit: count(query.limit, 100, 500) || 100,
      offset: count(query.offset, 0, Number.MAX_SAFE_INTEGER),
    });
    res.setHeader('X-Total-Count', String(total));
    res.json(items);
  });

  // Each currency's newest rate in effect.
  router.get('/exchange-rates/latest/', async (_req, res) => {
    res.json(await currencies.rates.latest());
  });

  // The rate a document of ?date= in ?currency= would use, or a 400 naming both.
  router.get('/exchange-rates/on/', async (req, res) => {
    const query = req.query;
    const rate = await currencies.rates.rateOn(currencyParam(query.currency), dateParam(query.date, 'date'));
    res.json({ ...rate, rate: Number(rate.rate) });
  });

  router.post('/exchange-rates/', async (req, res) => {
    res.status(201).json(await currencies.rates.setManual(parseManualRateBody(req.body), req.user!.id));
  });

  router.delete('/exchange-rates/:currency/:date/', async (req, res) => {
    await currencies.rates.removeManual(currencyParam(req.params.currency), dateParam(req.params.date, 'date'), req.user!.id);
    res.status(204).end();
  });

  router.post('/exchange-rates/import/', readUpload, async (req, res) => {
    const answer = await currencies.rates.import(req.file!.buffer, req.user!.id);
    res.status(answer.added + answer.changed > 0 ? 201 : 200).json(answer);
  });

  return router;
};
