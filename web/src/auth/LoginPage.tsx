import { PAGE_META } from '../../../domain/site/site-map';
import { Alert, Button, Form, Input } from 'antd';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../seo/usePageMeta';
import { useServerForm } from '../ssr/useServerForm';
import { homeOf, logIn } from './AuthContext';
import { throttledWait } from './throttledWait';

/** Why the last try failed: wrong credentials or code, or throttled (429) with the wait when known. */
type Failure = { kind: 'refused' } | { kind: 'throttled'; wait: string | null };

/**
 * Username and password; for a user enrolled in two-factor sign-in the server then asks for a
 * code, and the same login call is sent again with it (`otp`). Throttled tries (429, after a few
 * failures) say so, with the server's Retry-After, so a right password is not taken for a wrong one.
 */
export const LoginPage = () => {
  const { t } = useTranslation();
  usePageMeta(PAGE_META['/login']);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const [busy, setBusy] = useState(false);
  // The page comes rendered by the server: it can be typed into and sent at once. A sign-in sent
  // before the scripts run is held by the page's early-submit script and sent from here.
  const formRef = useRef<HTMLFormElement>(null);
  const sentEarly = useServerForm(formRef, (name, value) => (name === 'username' ? setUsername(value) : name === 'password' ? setPassword(value) : undefined));
  const working = busy || sentEarly;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A second Enter while the first sign-in is on its way sends nothing more.
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const result = await logIn(username, password, askCode ? otp : undefined);
      if (result.otpRequired) {
        setAskCode(true);
        setBusy(false);
        return;
      }
      // The admin and the portal are another app (with their router): load it in full.
      window.location.replace(homeOf(result.user));
    } catch (err) {
      const wait = throttledWait(err);
      setFailure(wait === undefined ? { kind: 'refused' } : { kind: 'throttled', wait });
      setBusy(false);
    }
  };

  const startOver = () => {
    setAskCode(false);
    setOtp('');
    setPassword('');
    setFailure(undefined);
  };

  const failureText = (f: Failure): string => {
    if (f.kind === 'refused') return askCode ? t('auth.twoFactor.codeFailed') : t('auth.loginFailed');
    return f.wait ? t('auth.tooManyAttempts', { wait: f.wait }) : t('auth.tooManyAttemptsLater');
  };

  return (
    <div className="container login-page">
      <section className="form-card login-card" aria-labelledby="login-title">
        <h1 id="login-title">{askCode ? t('auth.twoFactor.loginTitle') : t('auth.title')}</h1>
        <Form layout="vertical" component="div">
          <form ref={formRef} method="post" onSubmit={onSubmit} aria-labelledby="login-title">
            {/* Without scripts the form posts to the server, which can only show the page again. */}
            <noscript>
              <Alert type="warning" showIcon title={t('auth.needsScripts')} className="form-banner" data-testid="login-needs-scripts" />
            </noscript>
            {failure && (
              <Alert
                type={failure.kind === 'throttled' ? 'warning' : 'error'}
                showIcon
                title={failureText(failure)}
                role="alert"
                className="form-banner"
                data-testid="login-error"
              />
            )}
            {askCode ? (
              <>
                <p>{t('auth.twoFactor.loginHelp')}</p>
                <Form.Item label={t('auth.twoFactor.code')} htmlFor="login-otp">
                  <Input id="login-otp" autoComplete="one-time-code" autoFocus value={otp} onChange={(e) => setOtp(e.target.value)} maxLength={24} />
                </Form.Item>
                <Button type="primary" htmlType="submit" size="large" block loading={working} aria-busy={working || undefined} disabled={!otp.trim()}>
                  {t('auth.twoFactor.verify')}
                </Button>
                <Button type="link" block onClick={startOver} className="login-start-over">
                  {t('auth.twoFactor.startOver')}
                </Button>
              </>
            ) : (
              <>
                <Form.Item label={t('auth.username')} htmlFor="login-username">
                  <Input id="login-username" name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
                </Form.Item>
                <Form.Item label={t('auth.password')} htmlFor="login-password">
                  <Input.Password id="login-password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
                </Form.Item>
                <Button type="primary" htmlType="submit" size="large" block loading={working} aria-busy={working || undefined}>
                  {t('auth.login')}
                </Button>
              </>
            )}
          </form>
        </Form>
      </section>
    </div>
  );
};
