import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AreaLayout } from '../area/AreaLayout';
import { PortalDashboard } from './PortalDashboard';

/** The client portal (lazy chunk): add screens as routes here; the top bar and guard are already in place. */
export const PortalRoutes = () => {
  const { t } = useTranslation();
  // Keeps ?payment=… when a checkout returns to /portal.
  const { search } = useLocation();
  return (
    <AreaLayout title={t('portal.layout.title')} home="/portal" links={[{ to: '/portal/dashboard', label: t('portal.layout.dashboard') }]}>
      <Routes>
        <Route index element={<Navigate to={{ pathname: 'dashboard', search }} replace />} />
        <Route path="dashboard" element={<PortalDashboard />} />
        <Route path="*" element={<Navigate to="/portal/dashboard" replace />} />
      </Routes>
    </AreaLayout>
  );
};
