import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ['=1;2', `"'=1;2"`],
  ])('neutralises a text cell that a spreadsheet would run as a formula: %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('leaves numbers, plain decimals and other text as they are, quoting only what RFC 4180 needs', () => {
    expect(csvCell(-1500.55)).toBe('-1500.55');
    expect(csvCell('-1500.55')).toBe('-1500.55');
    expect(csvCell('0.00')).toBe('0.00');
    expect(csvCell('Rent & loans, "quoted"')).toBe('"Rent & loans, ""quoted"""');
    expect(csvCell('a = b')).toBe('a = b');
    expect(csvCell('')).toBe('');
    expect(csvRow(['=cmd', 'x', 3])).toBe("'=cmd,x,3");
  });
});
