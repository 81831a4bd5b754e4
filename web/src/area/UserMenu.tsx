import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { TwoFactorDialog } from './TwoFactorDialog';

export const CHANGE_PASSWORD_HASH = '#change-password';
export const TWO_FACTOR_HASH = '#two-factor';

/** The username with Change Password and Two-factor sign-in (hash anchors open their dialogs) and Log Out. */
export const UserMenu = () => {
  const { t } = useTranslation();
  const { state, logout } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const username = state.status === 'authenticated' ? state.user.username : '';
  const dialogOpen = location.hash === CHANGE_PASSWORD_HASH;
  const closeDialog = () => navigate({ pathname: location.pathname, search: location.search }, { replace: true });

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'password', label: <a href={CHANGE_PASSWORD_HASH}>{t('auth.changePassword.title')}</a> },
            { key: 'two-factor', label: <a href={TWO_FACTOR_HASH}>{t('auth.twoFactor.title')}</a> },
            { type: 'divider' },
            // Logged out, the area's guard (RequireAuth) loads the login page.
            { key: 'logout', label: t('auth.logout'), onClick: () => void logout() },
          ],
        }}
      >
        <Button type="text" className="area-user" data-testid="user-menu" title={username}>
          <UserOutlined aria-hidden />
          {/* A client's username is often an e-mail address: cut it short rather than widen a phone's page. */}
          <span className="area-user-name">{username}</span>
          <DownOutlined aria-hidden className="nav-caret" />
        </Button>
      </Dropdown>
      <ChangePasswordDialog open={dialogOpen} onClose={closeDialog} />
      <TwoFactorDialog open={location.hash === TWO_FACTOR_HASH} onClose={closeDialog} />
    </>
  );
};
