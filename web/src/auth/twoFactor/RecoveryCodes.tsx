import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The recovery codes, shown once right after they are made, with a copy button. */
export const RecoveryCodes = ({ codes }: { codes: string[] }) => {
  const { t } = useTranslation();
  return (
    <div className="recovery-codes-block">
      <Typography.Title level={5}>{t('auth.twoFactor.codesTitle')}</Typography.Title>
      <Alert type="warning" showIcon title={t('auth.twoFactor.codesHelp')} className="form-banner" />
      <ol className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Typography.Text copyable={{ text: codes.join('\n'), tooltips: [t('auth.twoFactor.copy'), t('auth.twoFactor.copied')] }}>
        {t('auth.twoFactor.copy')}
      </Typography.Text>
    </div>
  );
};
