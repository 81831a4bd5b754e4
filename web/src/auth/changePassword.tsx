import { Form, Input } from 'antd';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../api/http';
import { throttledWait } from './throttledWait';

export interface PasswordFields {
  old_password: string;
  new_password: string;
  confirm: string;
}

export type PasswordResult = { type: 'success' | 'error'; text: string };

/**
 * Posts to /api/change-password/ and puts the server's field errors beside the fields; `onChanged`
 * runs once the password has changed. Shared by the user menu's dialog and the page a generated
 * password leads to.
 */
export const useChangePassword = (form: FormInstance<PasswordFields>, onChanged: () => void | Promise<void>) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PasswordResult | null>(null);

  const submit = async (values: PasswordFields) => {
    setBusy(true);
    setResult(null);
    try {
      await http.post('/api/change-password/', { old_password: values.old_password, new_password: values.new_password });
      form.resetFields();
      await onChanged();
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        form.setFields(
          Object.entries(err.errors)
            .filter(([name]) => name === 'old_password' || name === 'new_password')
            .map(([name, errors]) => ({ name: name as keyof PasswordFields, errors })),
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

  return { busy, result, setResult, submit };
};

/** The current, new and repeated password; `oldLabel` names the current one (a temporary password, say). */
export const ChangePasswordFields = ({ oldLabel }: { oldLabel?: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="old_password" label={oldLabel ?? t('auth.changePassword.old')} rules={[{ required: true, message: t('auth.changePassword.oldRequired') }]}>
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
    </>
  );
};
