import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { afterEach, describe, expect, it } from 'vitest';
import { DATE_FORMAT, DATE_INPUT_FORMATS } from './dateLocale';
import { formatDate } from './format';

dayjs.extend(customParseFormat);

describe('dates as the spec shows them', () => {
  afterEach(() => void dayjs.locale('en'));

  it.each([
    ['en', '01 / November / 2026', '24 / May / 2026'],
    ['el', '01 / Νοεμβρίου / 2026', '24 / Μαΐου / 2026'],
    ['ru', '01 / ноября / 2026', '24 / мая / 2026'],
  ])('%s: dd / MMMM / yyyy with the month in the genitive', (lng, november, may) => {
    dayjs.locale(lng);
    expect(formatDate('2026-11-01')).toBe(november);
    expect(formatDate('2026-05-24')).toBe(may);
  });

  it('keeps the nominative for a month named on its own (calendar headers)', () => {
    expect(dayjs('2026-11-01').locale('ru').format('MMMM YYYY')).toBe('ноябрь 2026');
    expect(dayjs('2026-11-01').locale('el').format('MMMM YYYY')).toBe('Νοέμβριος 2026');
  });

  it.each(['el', 'ru'])('%s: a date picker reads back what it shows, and typed short forms', (lng) => {
    const shown = dayjs('2026-11-24').locale(lng).format(DATE_FORMAT);
    const parsed = dayjs(shown, DATE_FORMAT, lng, true);
    expect(parsed.isValid()).toBe(true);
    expect(parsed.format('YYYY-MM-DD')).toBe('2026-11-24');
    expect(DATE_INPUT_FORMATS[0]).toBe(DATE_FORMAT);
    expect(dayjs('24/11/2026', DATE_INPUT_FORMATS.slice(1), true).format('YYYY-MM-DD')).toBe('2026-11-24');
  });
});
