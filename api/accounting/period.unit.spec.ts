import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../domain/shared/errors';
import { resolveAsOf, resolvePeriod } from './period';

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
});
