/**
 * `/bind` (spec 02 §2.2, issue 32 item 4): the WeChat just authorised belongs to no account yet.
 * Signed in, the current account is bound with one click; otherwise the user signs in with name
 * and password (and the tenant's captcha) and the account is bound at once. Without a ticket (the
 * tab did not come from /wxapp-auth, or it expired) it says so.
 */
import { Alert, Button, Input, Result } from 'antd';
import { useEffect, useState, type FormEvent } from 'react';
import { getCaptcha } from '../../api/auth';
import { getWxAppConfig, wxAppBind, wxAppBindLogin } from '../../api/wxApp';
import { clearBindTicket, readBindTicket, storeSignIn } from '../../controllers/useWxAppAuth';
import { getTenantCode, getToken } from '../../session/cookies';
import { useNavigate } from '../../routing/navigation';
import { paths } from '../../paths';
import styles from '../login/LoginPage.module.css';

export default function BindPage() {
  const navigate = useNavigate();
  const [grant] = useState(readBindTicket);
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [signedIn] = useState(() => !!getToken());
  const [values, setValues] = useState({ username: '', password: '', code: '' });
  const [captcha, setCaptcha] = useState<{ uuid: string; img: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refreshCaptcha = () =>
    getCaptcha(getTenantCode()).then(
      (c) => setCaptcha(c.captchaEnabled && c.uuid && c.img ? { uuid: c.uuid, img: c.img } : null),
      () => setCaptcha(null),
    );

  useEffect(() => {
    document.title = '绑定微信';
    getWxAppConfig().then((r) => setEnabled(r.data.enabled), () => setEnabled(false));
    if (!getToken()) void refreshCaptcha();
  }, []);

  const finish = (redirect: string) => {
    clearBindTicket();
    navigate(redirect, { replace: true });
  };

  const bindCurrent = async () => {
    if (!grant) return;
    setBusy(true);
    try {
      await wxAppBind(grant.ticket);
      finish(grant.redirect);
    } catch {
      // The HTTP client showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!grant) return;
    if (!values.username.trim()) return setError('请输入您的账号');
    if (!values.password) return setError('请输入您的密码');
    if (captcha && !values.code) return setError('请输入验证码');
    setError(null);
    setBusy(true);
    try {
      const r = await wxAppBindLogin({ ticket: grant.ticket, username: values.username.trim(), password: values.password, ...(captcha ? { code: values.code, uuid: captcha.uuid } : {}) });
      storeSignIn(r.data.token, r.data.needPerfect);
      finish(r.data.redirect);
    } catch {
      if (captcha) void refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  const toLogin = (
    <Button type="primary" onClick={() => navigate(paths.login, { replace: true })}>
      账号密码登录
    </Button>
  );
  let body: React.ReactNode;
  if (enabled === false) body = <Result status="warning" title="未启用微信登录" subTitle="系统未启用微信登录，请使用账号密码登录或联系管理员" extra={toLogin} />;
  else if (!grant) body = <Result status="warning" title="绑定请求无效或已过期，请重新进入" extra={toLogin} />;
  else if (signedIn) {
    body = (
      <>
        <Alert type="info" showIcon message="该微信尚未绑定账号，请登录后完成绑定" />
        <p>将该微信绑定到当前登录的账号，之后可直接用微信登录。</p>
        <Button type="primary" size="large" block loading={busy} onClick={bindCurrent}>
          绑定当前账号
        </Button>
      </>
    );
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate aria-label="登录并绑定">
        <Alert type="info" showIcon message="该微信尚未绑定账号，请登录后完成绑定" />
        <div className={styles.field}>
          <Input size="large" placeholder="账号" autoComplete="username" value={values.username} onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))} />
        </div>
        <div className={styles.field}>
          <Input.Password size="large" placeholder="密码" autoComplete="current-password" value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} />
        </div>
        {captcha ? (
          <div className={styles.field} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Input size="large" placeholder="验证码" autoComplete="off" value={values.code} onChange={(e) => setValues((v) => ({ ...v, code: e.target.value }))} />
            <img src={captcha.img} alt="验证码" title="看不清？换一张" className={styles.captcha} onClick={() => void refreshCaptcha()} />
          </div>
        ) : null}
        {error ? (
          <div role="alert" className={styles.error}>
            {error}
          </div>
        ) : null}
        <Button type="primary" size="large" block htmlType="submit" loading={busy}>
          登录并绑定
        </Button>
      </form>
    );
  }
  return (
    <div className={styles.page}>
      <div className={styles.box}>
        <h1 className={styles.title}>绑定微信</h1>
        {enabled === null ? null : body}
      </div>
    </div>
  );
}
