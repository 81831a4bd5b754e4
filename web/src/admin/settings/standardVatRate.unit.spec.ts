import { describe, expect, it } from 'vitest';
import { ratesToFill, type FieldPath } from './standardVatRate';

const formOf = (values: Record<string, unknown>, touched: string[] = []) => ({
  value: (path: FieldPath) => values[String(path)],
  touched: (path: FieldPath) => touched.includes(String(path)),
});

describe('ratesToFill', () => {
  it('fills the rates that are still empty', () => {
    const paths = [['items', 0, 'vatRate'], ['items', 1, 'vatRate'], ['items', 2, 'vatRate']];
    expect(ratesToFill(paths, formOf({ 'items,0,vatRate': undefined, 'items,1,vatRate': null, 'items,2,vatRate': '' }))).toEqual(paths);
  });

  it('never replaces a rate that is there, 0 % included, nor one the user touched', () => {
    const form = formOf({ vatRate: 0, 'items,0,vatRate': 5.5, 'items,1,vatRate': undefined }, ['items,1,vatRate']);
    expect(ratesToFill(['vatRate', ['items', 0, 'vatRate'], ['items', 1, 'vatRate']], form)).toEqual([]);
  });
});
