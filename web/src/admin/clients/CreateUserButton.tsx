import { Alert, Button, Modal, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../common/useFeedback';
import { useCreateClientUser, useResetClientUserPassword } from './useClients';

export interface CreatedUser {
  clientName: string;
  username: string;
  password: string;
  /** A new password for an existing login rather than a new login. */
  reset?: boolean;
}

/** Creates a client's login and hands the generated password to the page. */
export const useCreateUser = (clientId: string, clientName: string, onCreated: (user: CreatedUser) => void) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { createUser, creating } = useCreateClientUser();
  const run = async () => {
    try {
      const user = await createUser(clientId);
      onCreated({ clientName, ...user });
    } catch (err) {
      console.error('Failed to create user', err);
      feedback.error(t('admin.clients.createUserFailed'));
    }
  };
  return { run, creating };
};

/** Creates the client's login; the page shows the result (the button itself disappears once a user exists). */
export const CreateUserButton = ({ clientId, clientName, onCreated }: { clientId: string; clientName: string; onCreated: (user: CreatedUser) => void }) => {
  const { t } = useTranslation();
  const { run, creating } = useCreateUser(clientId, clientName, onCreated);
  return (
    <Button
      size="small"
      loading={creating}
      onClick={(e) => {
        e.stopPropagation();
        void run();
      }}
      data-testid="create-user"
    >
      {t('admin.clients.createUser')}
    </Button>
  );
};

/** A new generated password for the client's login; the server ends every session of the login. */
export const ResetPasswordButton = ({ clientId, clientName, onReset }: { clientId: string; clientName: string; onReset: (user: CreatedUser) => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { resetPassword, resetting } = useResetClientUserPassword();

  const onConfirm = async () => {
    try {
      const user = await resetPassword(clientId);
      onReset({ clientName, ...user, reset: true });
    } catch (err) {
      console.error('Failed to reset the password', err);
      feedback.error(t('admin.clients.resetPasswordFailed'));
    }
  };

  return (
    <Popconfirm title={t('admin.clients.confirmResetPassword')} okText={t('admin.clients.resetPassword')} cancelText={t('buttons.cancel')} onConfirm={() => void onConfirm()}>
      <Button size="small" loading={resetting} data-testid="reset-password">
        {t('admin.clients.resetPassword')}
      </Button>
    </Popconfirm>
  );
};

/** The generated password, shown this once; the server also e-mails the login to the client. */
export const CreatedUserModal = ({ user, onClose }: { user: CreatedUser | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal
      className="admin-modal"
      open={user !== null}
      title={t(user?.reset ? 'admin.clients.passwordResetTitle' : 'admin.clients.userCreatedTitle', { name: user?.clientName ?? '' })}
      onCancel={onClose}
      onOk={onClose}
      okText={t('buttons.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
    >
      <div data-testid="created-user">
        <Alert
          type="warning"
          showIcon
          title={t(user?.reset ? 'admin.clients.resetPasswordOnce' : 'admin.clients.passwordOnce')}
          description={t('admin.clients.passwordTemporary')}
          className="admin-toolbar"
        />
        <p>
          {t('admin.clients.username')}:{' '}
          <Typography.Text strong copyable data-testid="generated-username">
            {user?.username}
          </Typography.Text>
        </p>
        <p>
          {t('admin.clients.password')}:{' '}
          <Typography.Text code copyable data-testid="generated-password">
            {user?.password}
          </Typography.Text>
        </p>
      </div>
    </Modal>
  );
};
