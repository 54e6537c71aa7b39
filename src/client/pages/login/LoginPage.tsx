/**
 * `/login` and `/supplier/login`: tenant, username, password, captcha, remember password; on `/login`
 * also 忘记密码 (reset by an SMS code) and 注册账号 (issue 32 item 2).
 *
 * A plain form over controlled state with antd `Input`, `Button` and `Checkbox`, and the browser's
 * own `<select>` for the tenant: antd `Form` and `Select` (rc-field-form, async-validator, rc-select,
 * the virtual list and trigger) were a fifth of the page's first load (issue 15, ADR 0403). The
 * messages, the order of the checks and the roles the page exposes are those of the antd form.
 */
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input } from 'antd';
import { lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLoginController, type LoginValues } from '../../controllers/useLoginController';
import { useNavigate, useQueryParams } from '../../routing/navigation';
import { paths } from '../../paths';
import styles from './LoginPage.module.css';

// Loaded on 忘记密码 only: antd's Modal stays out of the sign-in page's first load (ADR 0403).
const ResetByCodeDialog = lazy(() => import('./ResetByCodeDialog'));

function captchaSrc(img: string): string {
  if (img.startsWith('data:')) return img;
  if (img.trim().startsWith('<svg')) return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(img)}`;
  return `data:image/gif;base64,${img}`;
}

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

type Checked = 'tenantCode' | 'username' | 'password' | 'code';
/** The required-field messages of spec 02's sign-in form, in the order the fields appear. */
const REQUIRED: Record<Checked, string> = {
  tenantCode: '请选择租户',
  username: '请输入您的账号',
  password: '请输入您的密码',
  code: '请输入验证码',
};

/** One field with the room for its message below, as antd's `Form.Item` lays it out. */
function Field({ error, id, children }: { error?: string; id: string; children: ReactNode }) {
  return (
    <div className={error ? styles.fieldWithError : styles.field}>
      {children}
      {error ? (
        <div id={id} role="alert" className={styles.error}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The sign-in screen; `supplier` shows the supplier title; `encrypted` (`/encrypted/login`) sends
 * the credentials encrypted with the server's public key.
 */
export default function LoginPage({ supplier = false, encrypted = false }: { supplier?: boolean; encrypted?: boolean }) {
  const navigate = useNavigate();
  const query = useQueryParams();
  const c = useLoginController(query.get('redirect'), (to) => navigate(to, { replace: true }), encrypted, supplier);
  const [values, setValues] = useState<Partial<LoginValues>>(() => c.initialValues);
  // A field is checked on every change once it has been edited, and all of them on submit (the
  // antd form's behaviour).
  const [errors, setErrors] = useState<Partial<Record<Checked, string>>>({});
  const [resetting, setResetting] = useState(false);
  const title = supplier ? c.supplierTitle : c.title;

  useEffect(() => {
    document.title = `登录 - ${title}`;
  }, [title]);

  const checked: Checked[] = c.captchaOn ? ['tenantCode', 'username', 'password', 'code'] : ['tenantCode', 'username', 'password'];
  const messageOf = (name: Checked, value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? undefined : name === 'tenantCode' && c.askTenantCode ? '请输入租户编码' : REQUIRED[name];

  const change = <K extends keyof LoginValues>(name: K, value: LoginValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (name in REQUIRED) setErrors((e) => ({ ...e, [name]: messageOf(name as Checked, value) }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(checked.map((name) => [name, messageOf(name, values[name])]));
    setErrors(found);
    if (checked.some((name) => found[name])) return;
    void c.submit(values as LoginValues);
  };

  return (
    <div
      className={styles.page}
      style={{
        justifyContent: JUSTIFY[c.boxPosition],
        ...(c.background ? { backgroundImage: `url(${c.background})` } : {}),
      }}
    >
      <form className={styles.box} onSubmit={onSubmit} noValidate>
        <h1 className={styles.title}>
          {c.logo ? <img src={c.logo} alt="" className={styles.logo} /> : null}
          {title}
        </h1>
        {encrypted ? <div className={styles.field}>加密登录：账号和密码加密后传输</div> : null}
        {c.askTenantCode ? (
          <Field error={errors.tenantCode} id="login-tenant-error">
            <Input
              size="large"
              aria-label="租户编码"
              placeholder="租户编码"
              status={errors.tenantCode || c.tenantCheck.refused ? 'error' : undefined}
              value={values.tenantCode ?? ''}
              onChange={(e) => {
                change('tenantCode', e.target.value);
                c.tenantCheck.edited();
              }}
              onBlur={() => {
                // The tenant's own settings (captcha, titles) once its code is known to be right.
                if (values.tenantCode?.trim()) void c.tenantCheck.check(values.tenantCode).then((t) => t && c.setTenantCode(t.tenantCode));
              }}
            />
            {c.tenantCheck.verified ? <div className={styles.tenantName}>{c.tenantCheck.verified.tenantName}</div> : null}
          </Field>
        ) : (
        <Field error={errors.tenantCode} id="login-tenant-error">
          <select
            aria-label="租户"
            aria-invalid={errors.tenantCode ? true : undefined}
            aria-describedby={errors.tenantCode ? 'login-tenant-error' : undefined}
            className={`${styles.tenant}${values.tenantCode ? '' : ` ${styles.placeholder}`}${errors.tenantCode ? ` ${styles.invalid}` : ''}`}
            name="tenantCode"
            value={values.tenantCode ?? ''}
            onChange={(e) => {
              change('tenantCode', e.target.value);
              c.setTenantCode(e.target.value);
            }}
          >
            <option value="" disabled hidden>
              租户
            </option>
            {/* A remembered tenant stays chosen while the list loads. */}
            {values.tenantCode && !c.tenants.some((t) => t.tenantCode === values.tenantCode) ? <option value={values.tenantCode}>{c.tenants.length ? values.tenantCode : ''}</option> : null}
            {c.tenants.map((t) => (
              <option key={t.tenantCode} value={t.tenantCode}>
                {t.tenantName}
              </option>
            ))}
          </select>
        </Field>
        )}
        <Field error={errors.username} id="login-username-error">
          <Input
            size="large"
            prefix={<UserOutlined />}
            placeholder="账号"
            name="username"
            autoComplete="username"
            status={errors.username ? 'error' : undefined}
            aria-describedby={errors.username ? 'login-username-error' : undefined}
            value={values.username ?? ''}
            onChange={(e) => change('username', e.target.value)}
          />
        </Field>
        <Field error={errors.password} id="login-password-error">
          <Input.Password
            size="large"
            prefix={<LockOutlined />}
            placeholder="密码"
            name="password"
            autoComplete="current-password"
            status={errors.password ? 'error' : undefined}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            value={values.password ?? ''}
            onChange={(e) => change('password', e.target.value)}
          />
        </Field>
        {c.captchaOn ? (
          <Field error={errors.code} id="login-code-error">
            <Input
              size="large"
              prefix={<SafetyOutlined />}
              placeholder="验证码"
              autoComplete="off"
              status={errors.code ? 'error' : undefined}
              aria-describedby={errors.code ? 'login-code-error' : undefined}
              value={values.code ?? ''}
              onChange={(e) => change('code', e.target.value)}
              addonAfter={
                c.captchaImage ? (
                  <img src={captchaSrc(c.captchaImage)} alt="验证码" className={styles.captcha} onClick={c.refreshCaptcha} />
                ) : null
              }
            />
          </Field>
        ) : null}
        {c.showRemember ? (
          <div className={styles.field}>
            <Checkbox checked={values.rememberMe === true} onChange={(e) => change('rememberMe', e.target.checked)}>
              记住密码
            </Checkbox>
          </div>
        ) : null}
        <Button type="primary" htmlType="submit" size="large" block loading={c.submitting}>
          {c.submitting ? '登 录 中...' : '登 录'}
        </Button>
        {supplier ? null : (
          <div className={styles.links}>
            <Button type="link" size="small" onClick={() => setResetting(true)}>
              忘记密码
            </Button>
            <Button type="link" size="small" onClick={() => navigate(`${paths.register}?tenantCode=${encodeURIComponent(values.tenantCode || 'DEFAULT')}`)}>
              注册账号
            </Button>
          </div>
        )}
      </form>
      {resetting ? (
        <Suspense fallback={null}>
          <ResetByCodeDialog tenantCode={values.tenantCode || 'DEFAULT'} onClose={() => setResetting(false)} />
        </Suspense>
      ) : null}
      {c.copyright ? <div className={styles.footer}>{c.copyright}</div> : null}
    </div>
  );
}
