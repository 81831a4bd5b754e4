import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetupAnswer } from '../../../../api/platform/contracts/rest.contract';
import { errorText } from './errorText';
import { RecoveryCodes } from './RecoveryCodes';
import { twoFactorApi } from './twoFactorApi';

type Step = { name: 'password' } | { name: 'scan'; setup: TwoFactorSetupAnswer } | { name: 'codes'; codes: string[] };

/**
 * Enrolment in three steps: the password again, then the QR code and a first code from the app,
 * then the recovery codes; `intro` goes above the first step only. `onEnabled` runs as soon as the server has turned it on (the codes are
 * still on screen); `onDone` when the user has saved them.
 */
export const TwoFactorEnrolment = ({ intro, onEnabled, onDone }: { intro?: string; onEnabled?: () => void; onDone: () => void }) => {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const start = ({ password }: { password: string }) =>
    run(async () => setStep({ name: 'scan', setup: await twoFactorApi.setup(password) }));

  const confirm = ({ otp }: { otp: string }) =>
    run(async () => {
      const answer = await twoFactorApi.enable(otp.trim());
      setStep({ name: 'codes', codes: answer.recovery_codes });
      onEnabled?.();
    });

  return (
    <div className="two-factor-enrolment" data-testid="two-factor-enrolment">
      {error && <Alert type="error" showIcon title={error} role="alert" className="form-banner" />}
      {step.name === 'password' && (
        <Form layout="vertical" requiredMark={false} onFinish={start}>
          {intro && <p>{intro}</p>}
          <p>{t('auth.twoFactor.passwordPrompt')}</p>
          <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('auth.twoFactor.passwordRequired') }]}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('auth.twoFactor.continue')}
          </Button>
        </Form>
      )}
      {step.name === 'scan' && (
        <Form layout="vertical" requiredMark={false} onFinish={confirm}>
          <p>{t('auth.twoFactor.scan')}</p>
          <img className="two-factor-qr" src={step.setup.qr_code} alt={t('auth.twoFactor.qrAlt')} width={200} height={200} />
          <p className="two-factor-key">
            {t('auth.twoFactor.manual')}{' '}
            <Typography.Text code copyable data-testid="two-factor-secret">
              {step.setup.secret}
            </Typography.Text>
          </p>
          <Form.Item name="otp" label={t('auth.twoFactor.code')} rules={[{ required: true, message: t('auth.twoFactor.codeRequired') }]}>
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={8} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('auth.twoFactor.enable')}
          </Button>
        </Form>
      )}
      {step.name === 'codes' && (
        <>
          <RecoveryCodes codes={step.codes} />
          <Button type="primary" onClick={onDone} className="two-factor-done">
            {t('auth.twoFactor.done')}
          </Button>
        </>
      )}
    </div>
  );
};
