import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../api/http';
import { throttledWait } from '../auth/throttledWait';

interface Fields {
  old_password: string;
  new_password: string;
  confirm: string;
}

/** Posts to /api/change-password/ and shows the server's field errors beside the fields. */
export const ChangePasswordDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const close = () => {
    form.resetFields();
    setResult(null);
    onClose();
  };

  const submit = async (values: Fields) => {
    setBusy(true);
    setResult(null);
    try {
      await http.post('/api/change-password/', { old_password: values.old_password, new_password: values.new_password });
      form.resetFields();
      setResult({ type: 'success', text: t('auth.changePassword.success') });
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        form.setFields(
          Object.entries(err.errors)
            .filter(([name]) => name === 'old_password' || name === 'new_password')
            .map(([name, errors]) => ({ name: name as keyof Fields, errors })),
        );
      }
      const wait = throttledWait(err);
      const text =
        wait !== undefined
          ? wait
            ? t('auth.tooManyTries', { wait })
            : t('auth.tooManyTriesLater')
          : err instanceof ApiError && err.fromServer
            ? err.message
            : t('auth.changePassword.failure');
      setResult({ type: 'error', text });
    } finally {
      setBusy(false);
    }
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
        <Form.Item name="old_password" label={t('auth.changePassword.old')} rules={[{ required: true, message: t('auth.changePassword.oldRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="new_password" label={t('auth.changePassword.new')} rules={[{ required: true, message: t('auth.changePassword.newRequired') }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('auth.changePassword.confirm')}
          dependencies={['new_password']}
          rules={[
            { required: true, message: t('auth.changePassword.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('new_password') === value ? Promise.resolve() : Promise.reject(new Error(t('auth.changePassword.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
