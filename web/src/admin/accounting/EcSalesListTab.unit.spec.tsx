// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../../test/web-i18n';
import { ACCOUNTING_SETTINGS } from '../settings/graphql/queries/accountingSettings';
import { EcSalesListTab } from './EcSalesListTab';
import { EC_SALES_LIST } from './graphql/queries/ecSalesList';

afterEach(cleanup);

const quarter = () => {
  const start = dayjs().startOf('month').month(Math.floor(dayjs().month() / 3) * 3);
  return { from: start.format('YYYY-MM-DD'), to: start.add(2, 'month').endOf('month').format('YYYY-MM-DD') };
};

const settings = {
  request: { query: ACCOUNTING_SETTINGS },
  result: { data: { accountingSettings: { __typename: 'AccountingSettings', lockedThrough: null, unreconciledLinesThroughLock: 0, fiscalYearStartMonth: 1, currentFiscalYear: { __typename: 'Period', from: '2026-01-01', to: '2026-12-31' }, closedYears: [] } } },
};

const listed = (rows: Array<{ country: string; vatNumber: string; services: number }>, total: number) => {
  const { from, to } = quarter();
  return {
    request: { query: EC_SALES_LIST, variables: { from, to } },
    result: { data: { ecSalesList: { __typename: 'EcSalesListOutput', from, to, total, rows: rows.map((r) => ({ __typename: 'EcSalesRowOutput', ...r })) } } },
  };
};

const show = async (lng: string, mock: ReturnType<typeof listed>) => {
  const i18n = await createTestI18n(lng);
  render(
    <MockedProvider mocks={[settings, mock]}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/admin/accounting/ec-sales-list']}>
          <EcSalesListTab />
        </MemoryRouter>
      </I18nextProvider>
    </MockedProvider>,
  );
  return i18n;
};

describe('the EC Sales List screen', () => {
  it('ru: names each member state in the language of the screen, the row of sales without a buyer apart, and the total', async () => {
    await show('ru', listed([{ country: 'AT', vatNumber: 'ATU13585627', services: 800 }, { country: '', vatNumber: '', services: 120.5 }, { country: 'DE', vatNumber: 'DE812871812', services: -300 }], 620.5));
    const table = await screen.findByTestId('ec-sales-list');
    await waitFor(() => expect(within(table).getByText('Австрия (AT)')).toBeTruthy());
    expect(within(table).getByText('Покупатель не указан')).toBeTruthy();
    // A credit note's period: the negative in parentheses, as the other reports.
    expect(within(table).getByText('(300,00 €)')).toBeTruthy();
    expect(within(table).getByTestId('ec-sales-total').textContent?.replace(/\u00a0/g, ' ')).toBe('620,50 €');
    expect(within(table).getByText('Сводная декларация ЕС')).toBeTruthy();
  });

  it('el: says when there is nothing to list, without a total', async () => {
    await show('el', listed([], 0));
    await waitFor(() => expect(screen.getByText('Δεν υπάρχουν ενδοκοινοτικές παροχές υπηρεσιών σε αυτή την περίοδο.')).toBeTruthy());
    expect(screen.queryByTestId('ec-sales-total')).toBeNull();
  });
});
