import { z } from 'zod';
import { BOOKS_CURRENCY, isClientCurrency } from '../../domain/currency/currencies';
import { parseRate } from '../../domain/currency/rate';
import { ValidationError } from '../../domain/shared/errors';
import { isIsoDate } from '../../domain/shared/dates';
import { parseInput } from '../platform/http/validate';
import { zDate, REQUIRED } from '../platform/wire';
import type { ManualRate } from './exchange-rate.service';

const INVALID = 'Please correct the errors below.';

export const CURRENCY_NOT_QUOTED = `Choose a currency the ECB publishes a euro reference rate for (USD, GBP, CHF, …), not ${BOOKS_CURRENCY}.`;

const zCurrency = z
  .string({ error: REQUIRED })
  .transform((value) => value.trim().toUpperCase())
  .refine((code) => code !== BOOKS_CURRENCY && isClientCurrency(code), CURRENCY_NOT_QUOTED);

const zRate = z.union([z.string(), z.number()], { error: 'A rate is a number such as 1.0856.' }).transform((value, ctx) => {
  const parsed = parseRate(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.rate;
});

/** The body of `POST /api/exchange-rates/`: a rate typed in by hand for one currency and day. */
export const manualRateBody = z.object({ date: zDate, currency: zCurrency, rate: zRate });

export const parseManualRateBody = (body: unknown): ManualRate => parseInput(manualRateBody, body);

/** A currency in a path or query: upper case, a quoted one, or a 400 on `field`. */
export const currencyParam = (value: unknown, field = 'currency'): string => {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (code === BOOKS_CURRENCY || !isClientCurrency(code)) throw new ValidationError(INVALID, { [field]: [CURRENCY_NOT_QUOTED] });
  return code;
};

/** A day in a path or query, or a 400 on `field`. */
export const dateParam = (value: unknown, field: string): string => {
  if (typeof value !== 'string' || !isIsoDate(value)) throw new ValidationError(INVALID, { [field]: ['Enter a valid date (YYYY-MM-DD).'] });
  return value;
};
