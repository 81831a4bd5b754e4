import { Alert, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthContext';
import { TwoFactorEnrolment } from '../auth/twoFactor/TwoFactorEnrolment';
import { TwoFactorManage } from '../auth/twoFactor/TwoFactorManage';
import { useTwoFactorStatus } from '../auth/twoFactor/useTwoFactorStatus';

/** Opened by the user menu's #two-factor anchor: enrol, or manage an existing enrolment. */
export const TwoFactorDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { refresh } = useAuth();
  const { status, failed, reload } = useTwoFactorStatus(open);

  const changed = () => {
    reload();
    void refresh();
  };

  return (
    <Modal open={open} title={t('auth.twoFactor.title')} footer={null} onCancel={onClose} destroyOnHidden>
      {failed && <Alert type="error" showIcon title={t('auth.twoFactor.failure')} role="alert" />}
      {!failed && !status && <Spin />}
      {status?.enabled && <TwoFactorManage status={status} onChanged={changed} />}
      {status && !status.enabled && <TwoFactorEnrolment intro={t('auth.twoFactor.statusOff')} onEnabled={() => void refresh()} onDone={reload} />}
    </Modal>
  );
};
