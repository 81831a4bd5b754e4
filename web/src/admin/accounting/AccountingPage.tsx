import { Tabs } from 'antd';
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
import './accounting.css';

const TABS = ['journal-entries', 'income-statement', 'balance-sheet', 'cash-flow', 'trial-balance', 'aged-receivables', 'aged-payables', 'vat-return', 'accounts', 'ledger'] as const;
type Tab = (typeof TABS)[number];

const LABEL_KEYS: Record<Tab, string> = {
  'journal-entries': 'admin.accounting.tabs.journalEntries',
  'income-statement': 'admin.accounting.tabs.incomeStatement',
  'balance-sheet': 'admin.accounting.tabs.balanceSheet',
  'cash-flow': 'admin.accounting.tabs.cashFlow',
  'trial-balance': 'admin.accounting.tabs.trialBalance',
  'aged-receivables': 'admin.accounting.tabs.agedReceivables',
  'aged-payables': 'admin.accounting.tabs.agedPayables',
  'vat-return': 'admin.accounting.tabs.vatReturn',
  accounts: 'admin.accounting.tabs.accounts',
  ledger: 'admin.accounting.tabs.ledger',
};

/** /admin/accounting: the spec's tab bar (plus trial balance, chart and ledger), one sub-route per tab. */
export const AccountingPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const segment = pathname.replace(/^\/admin\/accounting\/?/, '').split('/')[0] as Tab;
  const active = TABS.includes(segment) ? segment : 'journal-entries';
  // Statements share their period: keep the query string when moving between them.
  const keep = (next: Tab) => (['income-statement', 'cash-flow'].includes(next) && ['income-statement', 'cash-flow'].includes(active) ? search : '');
  return (
    <AdminPage testId="accounting-page">
      <PageHeader title={t('admin.layout.accounting')} />
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(`/admin/accounting/${key}${keep(key as Tab)}`)}
        items={TABS.map((key) => ({ key, label: t(LABEL_KEYS[key]) }))}
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
        <Route path="accounts" element={<ChartOfAccountsTab />} />
        <Route path="ledger" element={<AccountLedgerTab />} />
        <Route path="ledger/:accountId" element={<AccountLedgerTab />} />
        <Route path="*" element={<Navigate to="/admin/accounting/journal-entries" replace />} />
      </Routes>
    </AdminPage>
  );
};
