import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useIsPhone } from '../../common/useIsPhone';

/** The screens below the settings' root: the root (the company's) is a prefix of each, so these are matched first. */
const SUBSCREENS = ['/admin/settings/accounting', '/admin/settings/rates', '/admin/settings/integrations'];

/** The settings' four screens under /admin/settings: the company, the accounting, the exchange rates, the integrations (API tokens, webhooks). */
export const SettingsTabs = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = SUBSCREENS.find((screen) => pathname.startsWith(screen)) ?? '/admin/settings';
  // The labels side by side are wider than a phone in every language (Greek by a third): there they stack, thumb-sized.
  const phone = useIsPhone();
  return (
    <Segmented
      className="admin-toolbar"
      orientation={phone ? 'vertical' : 'horizontal'}
      block={phone}
      size={phone ? 'large' : 'middle'}
      value={current}
      onChange={(to) => navigate(to)}
      options={[
        { value: '/admin/settings', label: t('admin.settings.company') },
        { value: '/admin/settings/accounting', label: t('admin.settings.books.tab') },
        { value: '/admin/settings/rates', label: t('admin.settings.rates.tab') },
        { value: '/admin/settings/integrations', label: t('admin.settings.integrations.tab') },
      ]}
    />
  );
};
