import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaLayout, AreaPlaceholder } from '../area/AreaLayout';

/** The admin area (lazy chunk): add screens as routes here; the top bar and guard are already in place. */
export const AdminRoutes = () => {
  const { t } = useTranslation();
  const links = [
    { to: '/admin/clients', label: t('admin.layout.clients') },
    { to: '/admin/products', label: t('admin.layout.products') },
    { to: '/admin/subscriptions', label: t('admin.layout.subscriptions') },
    { to: '/admin/invoices', label: t('admin.layout.invoices') },
    { to: '/admin/accounting', label: t('admin.layout.accounting') },
  ];
  return (
    <AreaLayout title={t('admin.layout.title')} home="/admin" links={links}>
      <Routes>
        <Route index element={<Navigate to="clients" replace />} />
        <Route path="clients" element={<AreaPlaceholder title={t('admin.layout.clients')} />} />
        <Route path="clients/:clientId" element={<AreaPlaceholder title={t('admin.layout.clients')} />} />
        <Route path="products" element={<AreaPlaceholder title={t('admin.layout.products')} />} />
        <Route path="subscriptions" element={<AreaPlaceholder title={t('admin.layout.subscriptions')} />} />
        <Route path="invoices" element={<AreaPlaceholder title={t('admin.layout.invoices')} />} />
        <Route path="accounting/*" element={<AreaPlaceholder title={t('admin.layout.accounting')} />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </AreaLayout>
  );
};
