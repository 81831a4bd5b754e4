import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, startsLikeFormula } from './csv';

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

  // The penetration test's findings (issue 36): a full-width sign, a zero-width space or a leading
  // space before the sign passed the guard, and a spreadsheet still ran the formula.
  it.each([
    ['＝1+1', "'＝1+1"],
    ['＋1+1', "'＋1+1"],
    ['－1+1', "'－1+1"],
    ['＠SUM(A1:A2)', "'＠SUM(A1:A2)"],
    ['﹦1+1', "'﹦1+1"],
    ['﹢1', "'﹢1"],
    ['﹣1', "'﹣1"],
    ['﹫SUM(A1)', "'﹫SUM(A1)"],
    ['\u200B=1+1', "'\u200B=1+1"],
    ['\u200C\u200D\u2060\uFEFF=1+1', "'\u200C\u200D\u2060\uFEFF=1+1"],
    ['\u00AD\u200E\u202E@SUM(A1)', "'\u00AD\u200E\u202E@SUM(A1)"],
    [' =1+1', "' =1+1"],
    ['   +1+1', "'   +1+1"],
    ['\u00A0\u3000=1+1', "'\u00A0\u3000=1+1"],
    [' \u200B ＝HYPERLINK("http://x")', `"' \u200B ＝HYPERLINK(""http://x"")"`],
    ['\t=1+1', "'\t=1+1"],
    ['\tplain', "'\tplain"],
    ['\r=1+1', `"'\r=1+1"`],
    ['\rplain', `"'\rplain"`],
    ['\n=1+1', `"'\n=1+1"`],
    [' \r\n-1+1', `"' \r\n-1+1"`],
  ])('also neutralises a sign behind spaces, invisible characters or in full-width form: %j', (value, written) => {
    expect(startsLikeFormula(value)).toBe(true);
    expect(csvCell(value)).toBe(written);
  });

  it('leaves text whose first visible character is not a sign, and plain numbers, as they are', () => {
    for (const value of [' a = b', '\u200BRent', 'Ａ=1', '1=1', ' 42', '−1', '', ' ', '\u200B']) {
      expect(startsLikeFormula(value), JSON.stringify(value)).toBe(false);
      expect(csvCell(value)).toBe(value.includes('\n') || value.includes('\r') ? `"${value}"` : value);
    }
    expect(csvCell('-42')).toBe('-42');
    expect(csvCell('-0.5')).toBe('-0.5');
    expect(csvCell(-42)).toBe('-42');
  });

  it('looks past a long run of spaces in one pass', () => {
    const hostile = `${' '.repeat(200_000)}＝1+1`;
    expect(csvCell(hostile)).toBe(`'${hostile}`);
  });
});
