import { App as AntdApp } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaLayout, AreaPlaceholder } from '../area/AreaLayout';
import { AreaApolloProvider } from '../graphql/apollo';
import './admin.css';
import { accountingPages } from './accountingPages';
import { billingPages } from './billingPages';

/** The admin area (lazy chunk): Apollo and antd's message/notification context wrap every screen once, here. */
export const AdminRoutes = () => {
  const { t } = useTranslation();
  const links = [
    { to: '/admin/clients', label: t('admin.layout.clients') },
    { to: '/admin/suppliers', label: t('admin.layout.suppliers') },
    { to: '/admin/bills', label: t('admin.layout.bills') },
    { to: '/admin/products', label: t('admin.layout.products') },
    { to: '/admin/subscriptions', label: t('admin.layout.subscriptions') },
    { to: '/admin/invoices', label: t('admin.layout.invoices') },
    { to: '/admin/accounting', label: t('admin.layout.accounting') },
    { to: '/admin/bank', label: t('admin.layout.bank') },
    { to: '/admin/inbox', label: t('admin.layout.inbox') },
    { to: '/admin/settings', label: t('admin.layout.settings') },
    { to: '/admin/operations', label: t('admin.layout.operations') },
  ];
  return (
    <AreaApolloProvider>
      <AntdApp component={false}>
        <AreaLayout title={t('admin.layout.title')} home="/admin" links={links}>
          <Routes>
            <Route index element={<billingPages.Overview />} />
            <Route path="clients" element={<billingPages.Clients />} />
            <Route path="clients/:clientId" element={<billingPages.ClientDetail />} />
            <Route path="suppliers" element={<billingPages.Suppliers />} />
            <Route path="bills" element={<billingPages.Bills />} />
            <Route path="products" element={<billingPages.Products />} />
            <Route path="subscriptions" element={<billingPages.Subscriptions />} />
            <Route path="invoices" element={<billingPages.Invoices />} />
            <Route path="inbox" element={<billingPages.Inbox />} />
            <Route path="settings" element={<billingPages.Settings />} />
            <Route path="settings/accounting" element={<billingPages.AccountingSettings />} />
            <Route path="settings/rates" element={<billingPages.Rates />} />
            <Route path="settings/integrations" element={<billingPages.Integrations />} />
            <Route path="accounting/*" element={<accountingPages.Accounting />} />
            <Route path="bank/*" element={<accountingPages.Bank />} />
            <Route path="operations" element={<accountingPages.Operations />} />
            <Route path="*" element={<Navigate to="/admin" replace />} />
          </Routes>
        </AreaLayout>
      </AntdApp>
    </AreaApolloProvider>
  );
};
