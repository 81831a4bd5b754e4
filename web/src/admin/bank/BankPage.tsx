import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { MoneyAccountsTab } from './MoneyAccountsTab';
import { ReportTab } from './ReportTab';
import { RulesTab } from './RulesTab';
import { StatementsTab } from './StatementsTab';
import './bank.css';

/** One tab of the Bank page: its path under /admin/bank, its label's key and its screen. */
interface BankTab {
  key: string;
  labelKey: string;
  element: ReactNode;
}

/** The Bank page's tabs, in order; another screen (statements, reconciliation) is one more item. */
const TABS: BankTab[] = [
  { key: 'accounts', labelKey: 'bank.tabs.accounts', element: <MoneyAccountsTab /> },
  { key: 'statements', labelKey: 'bank.tabs.statements', element: <StatementsTab /> },
  { key: 'rules', labelKey: 'bank.tabs.rules', element: <RulesTab /> },
  { key: 'report', labelKey: 'bank.tabs.report', element: <ReportTab /> },
];

/** /admin/bank: the money accounts and, tab by tab, what the bank's statements say of them. */
export const BankPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const segment = pathname.replace(/^\/admin\/bank\/?/, '').split('/')[0];
  const active = TABS.find((tab) => tab.key === segment)?.key ?? TABS[0]!.key;
  return (
    <AdminPage testId="bank-page">
      <PageHeader title={t('bank.title')} />
      <Tabs activeKey={active} onChange={(key) => navigate(`/admin/bank/${key}`)} items={TABS.map((tab) => ({ key: tab.key, label: t(tab.labelKey) }))} className="bank-tabs" />
      <Routes>
        <Route index element={<Navigate to={TABS[0]!.key} replace />} />
        {TABS.map((tab) => (
          <Route key={tab.key} path={`${tab.key}/*`} element={tab.element} />
        ))}
        <Route path="*" element={<Navigate to={`/admin/bank/${TABS[0]!.key}`} replace />} />
      </Routes>
    </AdminPage>
  );
};
