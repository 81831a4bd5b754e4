import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../AuthContext';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';

/** REQUIRE_ADMIN_2FA: what a superuser sees instead of the admin area until enrolled. */
export const TwoFactorRequiredPage = () => {
  const { t } = useTranslation();
  const { refresh, logout } = useAuth();
  return (
    <div className="container login-page">
      <section className="form-card login-card" aria-labelledby="two-factor-required-title">
        <h1 id="two-factor-required-title">{t('auth.twoFactor.requiredTitle')}</h1>
        <p>{t('auth.twoFactor.requiredHelp')}</p>
        <TwoFactorEnrolment onDone={() => void refresh()} />
        <Button
          type="link"
          className="login-start-over"
          // Logged out, the area's guard (RequireAuth) loads the login page.
          onClick={() => void logout()}
        >
          {t('auth.logout')}
        </Button>
      </section>
    </div>
  );
};
