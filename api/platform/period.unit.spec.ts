import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../domain/shared/errors';
import { resolveAsOf, resolvePeriod, resolveStatementPeriod } from './period';

const today = '2026-06-15';

describe('report periods', () => {
  it('defaults to the current calendar year, and as_of to today', () => {
    expect(resolvePeriod({}, today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(resolveAsOf({}, today)).toBe(today);
  });

  it('reads as_of as its year to date, and fills a missing bound from the other one', () => {
    expect(resolvePeriod({ asOf: '2025-03-31' }, today)).toEqual({ from: '2025-01-01', to: '2025-03-31' });
    expect(resolvePeriod({ from: '2024-07-01' }, today)).toEqual({ from: '2024-07-01', to: '2024-12-31' });
    expect(resolvePeriod({ to: '2024-02-29' }, today)).toEqual({ from: '2024-01-01', to: '2024-02-29' });
    expect(resolveAsOf({ to: '2024-02-29' }, today)).toBe('2024-02-29');
  });

  it('refuses impossible dates, reversed ranges and as_of mixed with a period, naming the field', () => {
    const fields = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(ValidationError);
        return Object.keys((e as ValidationError).fieldErrors ?? {});
      }
      throw new Error('expected a ValidationError');
    };
    expect(fields(() => resolvePeriod({ from: '2026-02-29' }, today))).toEqual(['from']);
    expect(fields(() => resolvePeriod({ from: '2026-05-01', to: '2026-04-01' }, today))).toEqual(['to']);
    expect(fields(() => resolvePeriod({ asOf: '2026-05-01', to: '2026-06-01' }, today))).toEqual(['as_of']);
    expect(fields(() => resolveAsOf({ asOf: 'yesterday' }, today, { from: 'from', to: 'to', asOf: 'asOf' }))).toEqual(['asOf']);
  });

  it('gives a statement the year to date by default, from the start of its year with only to, to today with only from', () => {
    expect(resolveStatementPeriod({}, today)).toEqual({ from: '2026-01-01', to: today });
    expect(resolveStatementPeriod({ to: '2025-03-31' }, today)).toEqual({ from: '2025-01-01', to: '2025-03-31' });
    expect(resolveStatementPeriod({ from: '2024-07-01' }, today)).toEqual({ from: '2024-07-01', to: today });
    expect(resolveStatementPeriod({ from: '2026-06-15', to: '2026-06-15' }, today)).toEqual({ from: today, to: today });
  });

  it('refuses a statement period with a bad date, a reversed range, a future from alone or an as-of day', () => {
    const refusal = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(ValidationError);
        return (e as ValidationError).fieldErrors;
      }
      throw new Error('expected a ValidationError');
    };
    expect(refusal(() => resolveStatementPeriod({ from: '2026-13-01' }, today))).toEqual({ from: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] });
    expect(refusal(() => resolveStatementPeriod({ from: '2026-05-01', to: '2026-04-30' }, today))).toEqual({ to: ['Must be on or after from.'] });
    expect(refusal(() => resolveStatementPeriod({ from: '2026-07-01' }, today))).toEqual({ from: ['Must be on or before today, or give to too.'] });
    expect(Object.keys(refusal(() => resolveStatementPeriod({ asOf: '2026-05-01' }, today)) ?? {})).toEqual(['as_of']);
  });
});
