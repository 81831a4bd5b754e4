import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { ChangePasswordDialog } from './ChangePasswordDialog';

export const CHANGE_PASSWORD_HASH = '#change-password';

/** The username with Change Password (the #change-password anchor opens the dialog) and Log Out. */
export const UserMenu = () => {
  const { t } = useTranslation();
  const { state, logout } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const username = state.status === 'authenticated' ? state.user.username : '';
  const dialogOpen = location.hash === CHANGE_PASSWORD_HASH;

  const onLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'password', label: <a href={CHANGE_PASSWORD_HASH}>{t('auth.changePassword.title')}</a> },
            { type: 'divider' },
            { key: 'logout', label: t('auth.logout'), onClick: () => void onLogout() },
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
      <ChangePasswordDialog open={dialogOpen} onClose={() => navigate({ pathname: location.pathname, search: location.search }, { replace: true })} />
    </>
  );
};
