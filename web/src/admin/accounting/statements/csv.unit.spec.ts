import { describe, expect, it } from 'vitest';
import { csvAmount } from './amounts';
import { toCsv } from './csv';

describe('the web CSV exports', () => {
  it('write a client or account name that starts like a formula as text, and negative amounts as numbers', () => {
    const csv = toCsv([
      ['Client', 'Current', 'Total'],
      ['=HYPERLINK("http://evil.example","Open")', csvAmount(-1250), csvAmount(119000)],
      ['@SUM(1+1)', csvAmount(0), '+7'],
    ]);
    expect(csv).toBe(`\uFEFFClient,Current,Total\r\n"'=HYPERLINK(""http://evil.example"",""Open"")",-12.50,1190.00\r\n'@SUM(1+1),0.00,'+7\r\n`);
  });
});
