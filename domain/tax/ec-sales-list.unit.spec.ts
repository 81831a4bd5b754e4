import { describe, expect, it } from 'vitest';
import { invoiceVatMovements, negateMovements, vatReturn } from '../accounting/vat-return';
import { ecSalesAmounts, ecSalesList } from './ec-sales-list';

const line = (netCents: number, vatCategory: 'S' | 'AE' | 'E', vatRateBp = 0) => ({ description: 'x', quantity: 1, unitPriceCents: netCents, vatRateBp, netCents, vatCents: Math.round((netCents * vatRateBp) / 10_000), grossCents: netCents + Math.round((netCents * vatRateBp) / 10_000), vatCategory });
const totals = (lines: ReturnType<typeof line>[]) => ({ netCents: lines.reduce((s, l) => s + l.netCents, 0), vatCents: lines.reduce((s, l) => s + l.vatCents, 0), grossCents: lines.reduce((s, l) => s + l.grossCents, 0) });
const sale = (lines: ReturnType<typeof line>[], buyer?: { country: string; vatNumber: string }) => invoiceVatMovements(lines, totals(lines), buyer);

describe('EC Sales List', () => {
  it('sums reverse-charge sales per buyer, however its VAT number is written, credit notes taken off, and totals what the VAT return shows as reverse charge', () => {
    const german = { country: 'DE', vatNumber: 'DE 812 871 812' };
    const movements = [
      ...sale([line(100_00, 'AE'), line(50_00, 'E')], german),
      ...sale([line(30_00, 'AE')], { country: 'DE', vatNumber: '812871812' }),
      ...sale([line(70_00, 'AE')], { country: 'GR', vatNumber: '094014201' }),
      ...sale([line(200_00, 'S', 2400)], { country: 'CY', vatNumber: 'CY10259033P' }),
      ...negateMovements(sale([line(10_00, 'AE')], german)),
    ];
    const list = ecSalesList(ecSalesAmounts(movements));
    expect(list.rows).toEqual([
      { country: 'DE', vatNumber: 'DE812871812', servicesCents: 120_00 },
      { country: 'GR', vatNumber: 'EL094014201', servicesCents: 70_00 },
    ]);
    expect(list.totalCents).toBe(190_00);
    const ae = vatReturn(movements).rows.find((r) => r.category === 'AE');
    expect(ae?.outputBaseCents).toBe(list.totalCents);
  });

  it('keeps sales of documents without parties as a row of their own, and drops a buyer whose sales net to nothing', () => {
    const buyer = { country: 'AT', vatNumber: 'ATU13585627' };
    const list = ecSalesList(ecSalesAmounts([...sale([line(40_00, 'AE')]), ...sale([line(5_00, 'AE')], buyer), ...negateMovements(sale([line(5_00, 'AE')], buyer))]));
    expect(list).toEqual({ rows: [{ country: '', vatNumber: '', servicesCents: 40_00 }], totalCents: 40_00 });
  });
});
