import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorStatusAnswer } from '../../../../api/platform/contracts/rest.contract';
import { errorText } from './errorText';
import { RecoveryCodes } from './RecoveryCodes';
import { twoFactorApi } from './twoFactorApi';

/** For an enrolled user: new recovery codes (needs a code) and turning it off (a code or the password). */
export const TwoFactorManage = ({ status, onChanged }: { status: TwoFactorStatusAnswer; onChanged: () => void }) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'renew' | 'disable' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renewForm] = Form.useForm<{ otp: string }>();
  const [disableForm] = Form.useForm<{ otp?: string; password?: string }>();

  const run = async (which: 'renew' | 'disable', work: () => Promise<void>) => {
    setBusy(which);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(null);
    }
  };

  const renew = ({ otp }: { otp: string }) =>
    run('renew', async () => {
      setCodes((await twoFactorApi.renewRecoveryCodes(otp.trim())).recovery_codes);
      renewForm.resetFields();
    });

  const disable = ({ otp, password }: { otp?: string; password?: string }) =>
    run('disable', async () => {
      await twoFactorApi.disable(password ? { password } : { otp: otp?.trim() });
      onChanged();
    });

  return (
    <div className="two-factor-manage">
      <Alert type="success" showIcon title={t('auth.twoFactor.statusOn')} description={t('auth.twoFactor.codesLeft', { count: status.recovery_codes_left })} className="form-banner" />
      {error && <Alert type="error" showIcon title={error} role="alert" className="form-banner" />}
      {codes && <RecoveryCodes codes={codes} />}
      <Form form={renewForm} layout="vertical" requiredMark={false} onFinish={renew} className="two-factor-section">
        <p>{t('auth.twoFactor.renewHelp')}</p>
        <Form.Item name="otp" label={t('auth.twoFactor.code')} rules={[{ required: true, message: t('auth.twoFactor.codeRequired') }]}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={8} />
        </Form.Item>
        <Button htmlType="submit" loading={busy === 'renew'}>
          {t('auth.twoFactor.renew')}
        </Button>
      </Form>
      {status.can_disable ? (
        <Form form={disableForm} layout="vertical" requiredMark={false} onFinish={disable} className="two-factor-section">
          <p>{t('auth.twoFactor.disableHelp')}</p>
          <Form.Item
            name="otp"
            label={t('auth.twoFactor.code')}
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  value || getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('auth.twoFactor.proofRequired'))),
              }),
            ]}
          >
            <Input autoComplete="one-time-code" maxLength={24} />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button danger htmlType="submit" loading={busy === 'disable'}>
            {t('auth.twoFactor.disable')}
          </Button>
        </Form>
      ) : (
        <p className="two-factor-section">{t('auth.twoFactor.requiredByAdmin')}</p>
      )}
    </div>
  );
};
