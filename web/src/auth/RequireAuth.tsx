import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useAuth } from './AuthContext';
import { pages } from '../routing/pages';

/** The login page belongs to the public site (server-rendered, no router): a full page load. */
const ToLogin = () => {
  useEffect(() => window.location.replace('/login'), []);
  return null;
};

/**
 * Gates /admin and /portal: 'Loading...' while checking, /login when logged out (also right after logging out), clients away from
 * /admin, anyone signed in with a generated password to choosing their own (the server answers
 * nothing else until then), and a superuser who must enrol in two-factor sign-in (REQUIRE_ADMIN_2FA) to enrolment.
 */
export const RequireAuth = ({ children, superuser = false }: { children: ReactNode; superuser?: boolean }) => {
  const { state } = useAuth();
  const { t } = useTranslation();
  switch (state.status) {
    case 'checking':
      return (
        <p className="page-loading" role="status">
          {t('common.loading')}
        </p>
      );
    case 'anonymous':
      return <ToLogin />;
    case 'authenticated':
      if (superuser && !state.user.is_superuser) return <Navigate to="/portal" replace />;
      if (state.user.password_change_required) {
        return (
          <Suspense fallback={<p className="page-loading">{t('common.loading')}</p>}>
            <pages.PasswordChangeRequired />
          </Suspense>
        );
      }
      if (superuser && state.user.two_factor_setup_required) {
        return (
          <Suspense fallback={<p className="page-loading">{t('common.loading')}</p>}>
            <pages.TwoFactorRequired />
          </Suspense>
        );
      }
      return <>{children}</>;
    default: {
      const exhaustive: never = state;
      return exhaustive;
    }
  }
};
