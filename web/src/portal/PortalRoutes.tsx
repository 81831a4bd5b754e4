import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaLayout, AreaPlaceholder } from '../area/AreaLayout';

/** The client portal (lazy chunk): add screens as routes here; the top bar and guard are already in place. */
export const PortalRoutes = () => {
  const { t } = useTranslation();
  return (
    <AreaLayout title={t('portal.layout.title')} home="/portal" links={[{ to: '/portal/dashboard', label: t('portal.layout.dashboard') }]}>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<AreaPlaceholder title={t('portal.layout.dashboard')} />} />
        <Route path="*" element={<Navigate to="/portal/dashboard" replace />} />
      </Routes>
    </AreaLayout>
  );
};
