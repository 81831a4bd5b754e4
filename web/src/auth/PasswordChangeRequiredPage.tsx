import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from './AuthContext';
import { ChangePasswordFields, useChangePassword, type PasswordFields } from './changePassword';

/**
 * What a user signed in with a generated password (the one printed at first start, a client login's)
 * sees instead of the admin area or the portal until choosing a password of their own; then the
 * session is read again and the page they asked for opens (or two-factor enrolment, when required).
 */
export const PasswordChangeRequiredPage = () => {
  const { t } = useTranslation();
  const { refresh, logout } = useAuth();
  const [form] = Form.useForm<PasswordFields>();
  const { busy, result, submit } = useChangePassword(form, refresh);
  return (
    <div className="container login-page">
      <section className="form-card login-card" aria-labelledby="password-change-required-title" data-testid="password-change-required">
        <h1 id="password-change-required-title">{t('auth.passwordChangeRequired.title')}</h1>
        <p>{t('auth.passwordChangeRequired.help')}</p>
        {result && <Alert type={result.type} title={result.text} showIcon className="form-banner" role="alert" />}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <ChangePasswordFields oldLabel={t('auth.passwordChangeRequired.old')} />
          <Button type="primary" htmlType="submit" loading={busy} block>
            {t('auth.passwordChangeRequired.submit')}
          </Button>
        </Form>
        <Button
          type="link"
          className="login-start-over"
          // Logged out, the area's guard (RequireAuth) loads the login page.
          onClick={() => void logout()}
        >
          {t('auth.logout')}
        </Button>
      </section>
    </div>
  );
};
