import { isIsoDate, yearStart as calendarYearStart } from '../../domain/shared/dates';
import { fiscalYearOf } from '../../domain/accounting/fiscal-year';
import { ValidationError, type FieldErrors } from '../../domain/shared/errors';

export interface PeriodInput {
  from?: unknown;
  to?: unknown;
  asOf?: unknown;
}

export interface Period {
  from: string;
  to: string;
}

/** Field names as the transport spells them (REST: as_of; GraphQL: asOf). */
export interface PeriodFieldNames {
  from: string;
  to: string;
  asOf: string;
}

const REST_NAMES: PeriodFieldNames = { from: 'from', to: 'to', asOf: 'as_of' };

const readDates = (input: PeriodInput, names: PeriodFieldNames) => {
  const errors: FieldErrors = {};
  const read = (value: unknown, field: string): string | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    if (!isIsoDate(value)) {
      errors[field] = ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'];
      return undefined;
    }
    return value;
  };
  const dates = { from: read(input.from, names.from), to: read(input.to, names.to), asOf: read(input.asOf, names.asOf) };
  return { dates, errors };
};

const fail = (errors: FieldErrors) => {
  if (Object.keys(errors).length) throw new ValidationError('Please correct the errors below.', errors);
};

/**
 * A reporting period: `from`/`to`, or `as_of` meaning its fiscal year to date; by default the
 * current fiscal year (`firstMonth` is the fiscal year's first month, 1 = January).
 */
export const resolvePeriod = (input: PeriodInput, today: string, names = REST_NAMES, firstMonth = 1): Period => {
  const yearStart = (day: string) => fiscalYearOf(firstMonth, day).from;
  const yearEnd = (day: string) => fiscalYearOf(firstMonth, day).to;
  const { dates, errors } = readDates(input, names);
  fail(errors);
  if (dates.asOf && (dates.from || dates.to)) fail({ [names.asOf]: [`Give either ${names.asOf} or ${names.from}/${names.to}, not both.`] });
  const period = dates.asOf
    ? { from: yearStart(dates.asOf), to: dates.asOf }
    : { from: dates.from ?? yearStart(dates.to ?? today), to: dates.to ?? yearEnd(dates.from ?? today) };
  if (period.from > period.to) fail({ [names.to]: [`Must be on or after ${names.from}.`] });
  return period;
};

/** An as-of day: `as_of`, else `to`, else today. A `from` means nothing here: refused, never ignored. */
export const resolveAsOf = (input: PeriodInput, today: string, names = REST_NAMES): string => {
  const { dates, errors } = readDates(input, names);
  fail(errors);
  if (dates.from) fail({ [names.from]: [`This report is as of one day: give ${names.asOf} (or ${names.to}), not ${names.from}.`] });
  return dates.asOf ?? dates.to ?? today;
};

/**
 * A client statement's period: `from`/`to`, by default the year to date; `to` alone starts at the
 * first day of its year, `from` alone runs to today. An as-of day means nothing here: refused.
 */
export const resolveStatementPeriod = (input: PeriodInput, today: string, names = REST_NAMES): Period => {
  const yearStart = calendarYearStart;
  const { dates, errors } = readDates(input, names);
  fail(errors);
  if (dates.asOf) fail({ [names.asOf]: [`A statement covers a period: give ${names.from} and ${names.to}, not ${names.asOf}.`] });
  const to = dates.to ?? today;
  const period = { from: dates.from ?? yearStart(to), to };
  if (period.from > period.to) fail(dates.to ? { [names.to]: [`Must be on or after ${names.from}.`] } : { [names.from]: [`Must be on or before today, or give ${names.to} too.`] });
  return period;
};
