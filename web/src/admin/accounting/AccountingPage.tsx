import { Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { ChartOfAccountsTab } from './accounts/ChartOfAccountsTab';
import { JournalEntriesTab } from './journal/JournalEntriesTab';
import { AccountLedgerTab } from './ledger/AccountLedgerTab';
import { BalanceSheetTab } from './statements/BalanceSheetTab';
import { CashFlowTab } from './statements/CashFlowTab';
import { IncomeStatementTab } from './statements/IncomeStatementTab';
import { TrialBalanceTab } from './TrialBalanceTab';
import { AgedReceivablesTab } from './AgedReceivablesTab';
import { AgedPayablesTab } from './AgedPayablesTab';
import { VatReturnTab } from './VatReturnTab';
import { EcSalesListTab } from './EcSalesListTab';
import './accounting.css';

const TABS = ['journal-entries', 'income-statement', 'balance-sheet', 'cash-flow', 'trial-balance', 'aged-receivables', 'aged-payables', 'vat-return', 'ec-sales-list', 'accounts', 'ledger'] as const;
type Tab = (typeof TABS)[number];

/** The tab bar's labels: short enough that the eleven fit one row at 1440 px in every language; each tab's heading gives the whole name. */
const LABEL_KEYS: Record<Tab, string> = {
  'journal-entries': 'admin.accounting.tabLabels.journalEntries',
  'income-statement': 'admin.accounting.tabLabels.incomeStatement',
  'balance-sheet': 'admin.accounting.tabLabels.balanceSheet',
  'cash-flow': 'admin.accounting.tabLabels.cashFlow',
  'trial-balance': 'admin.accounting.tabLabels.trialBalance',
  'aged-receivables': 'admin.accounting.tabLabels.agedReceivables',
  'aged-payables': 'admin.accounting.tabLabels.agedPayables',
  'vat-return': 'admin.accounting.tabLabels.vatReturn',
  'ec-sales-list': 'admin.accounting.tabLabels.ecSalesList',
  accounts: 'admin.accounting.tabLabels.accounts',
  ledger: 'admin.accounting.tabLabels.ledger',
};

/** Each tab's whole name (its heading), shown over its short label on hover ("ОСВ": Оборотно-сальдовая ведомость). */
const TITLE_KEYS: Record<Tab, string> = Object.fromEntries(TABS.map((key) => [key, LABEL_KEYS[key].replace('.tabLabels.', '.tabs.')])) as Record<Tab, string>;

const TabLabel = ({ short, whole }: { short: string; whole: string }) => <span title={short === whole ? undefined : whole}>{short}</span>;

/** /admin/accounting: the spec's tab bar (plus trial balance, chart and ledger), one sub-route per tab. */
export const AccountingPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const segment = pathname.replace(/^\/admin\/accounting\/?/, '').split('/')[0] as Tab;
  const active = TABS.includes(segment) ? segment : 'journal-entries';
  // On a narrow screen the row scrolls sideways: the chosen tab is brought into it.
  useEffect(() => {
    document.querySelector('.accounting-tabs > .ant-tabs-nav .ant-tabs-tab-active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  // Statements share their period: keep the query string when moving between them.
  const keep = (next: Tab) => (['income-statement', 'cash-flow'].includes(next) && ['income-statement', 'cash-flow'].includes(active) ? search : '');
  return (
    <AdminPage testId="accounting-page">
      <PageHeader title={t('admin.layout.accounting')} />
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(`/admin/accounting/${key}${keep(key as Tab)}`)}
        items={TABS.map((key) => ({ key, label: <TabLabel short={t(LABEL_KEYS[key])} whole={t(TITLE_KEYS[key])} /> }))}
        className="accounting-tabs"
      />
      <Routes>
        <Route index element={<Navigate to="journal-entries" replace />} />
        <Route path="journal-entries" element={<JournalEntriesTab />} />
        <Route path="income-statement" element={<IncomeStatementTab />} />
        <Route path="balance-sheet" element={<BalanceSheetTab />} />
        <Route path="cash-flow" element={<CashFlowTab />} />
        <Route path="trial-balance" element={<TrialBalanceTab />} />
        <Route path="aged-receivables" element={<AgedReceivablesTab />} />
        <Route path="aged-payables" element={<AgedPayablesTab />} />
        <Route path="vat-return" element={<VatReturnTab />} />
        <Route path="ec-sales-list" element={<EcSalesListTab />} />
        <Route path="accounts" element={<ChartOfAccountsTab />} />
        <Route path="ledger" element={<AccountLedgerTab />} />
        <Route path="ledger/:accountId" element={<AccountLedgerTab />} />
        <Route path="*" element={<Navigate to="/admin/accounting/journal-entries" replace />} />
      </Routes>
    </AdminPage>
  );
};
