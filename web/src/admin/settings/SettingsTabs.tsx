import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

/** Company and accounting settings: two screens under /admin/settings. */
export const SettingsTabs = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = pathname.startsWith('/admin/settings/accounting') ? '/admin/settings/accounting' : '/admin/settings';
  return (
    <Segmented
      className="admin-toolbar"
      value={current}
      onChange={(to) => navigate(to)}
      options={[
        { value: '/admin/settings', label: t('admin.settings.company') },
        { value: '/admin/settings/accounting', label: t('admin.settings.books.tab') },
      ]}
    />
  );
};
