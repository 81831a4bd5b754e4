import { PAGE_META } from '../../../domain/site/site-map';
import { Alert, Button, Form, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePageMeta } from '../seo/usePageMeta';
import { homeOf, useAuth } from './AuthContext';

export const LoginPage = () => {
  const { t } = useTranslation();
  usePageMeta(PAGE_META['/login']);
  const { login } = useAuth();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      const user = await login(username, password);
      navigate(homeOf(user), { replace: true });
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <div className="container login-page">
      <section className="form-card login-card" aria-labelledby="login-title">
        <h1 id="login-title">{t('auth.title')}</h1>
        <Form layout="vertical" component="div">
          <form onSubmit={onSubmit} aria-labelledby="login-title">
            {failed && <Alert type="error" showIcon title={t('auth.loginFailed')} role="alert" className="form-banner" data-testid="login-error" />}
            <Form.Item label={t('auth.username')} htmlFor="login-username">
              <Input id="login-username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
            </Form.Item>
            <Form.Item label={t('auth.password')} htmlFor="login-password">
              <Input.Password id="login-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" block loading={busy}>
              {t('auth.login')}
            </Button>
          </form>
        </Form>
      </section>
    </div>
  );
};
