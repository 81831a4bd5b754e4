import { Alert, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordFields, useChangePassword, type PasswordFields } from '../auth/changePassword';

/** Posts to /api/change-password/ and shows the server's field errors beside the fields. */
export const ChangePasswordDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordFields>();
  const { busy, result, setResult, submit } = useChangePassword(form, () => setResult({ type: 'success', text: t('auth.changePassword.success') }));

  const close = () => {
    form.resetFields();
    setResult(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('auth.changePassword.title')}
      okText={t('auth.changePassword.submit')}
      cancelText={t('buttons.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      {result && <Alert type={result.type} title={result.text} showIcon className="form-banner" role={result.type === 'error' ? 'alert' : 'status'} />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <ChangePasswordFields />
      </Form>
    </Modal>
  );
};
