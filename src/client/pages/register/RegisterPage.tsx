/**
 * `/register` (spec 02 §2.2, issue 32 item 2): a new account of a tenant, proven by an SMS code —
 * or, where the tenant turned SMS off (`captcha` in its settings), by a captcha, without a number.
 * The tenant's settings decide what is shown: closed registration, or SMS not available on this
 * installation, say so instead of a form; the role and department choices appear only when the
 * tenant offers some. Success shows the tenant's register success tip (sys.register.success.tip)
 * and the way back to sign-in.
 */
import { Alert, Button, Input, Result } from 'antd';
import { useEffect, useState, type FormEvent } from 'react';
import { listTenants } from '../../api/auth';
import { useTenantCheck } from '../../controllers/useTenantCheck';
import { getRegisterCaptcha, getRegisterDepts, getRegisterRoles, getRegisterSettings, register, type RegisterSettings } from '../../api/register';
import type { Tenant } from '../../api/types';
import { useNavigate, useQueryParams } from '../../routing/navigation';
import { paths } from '../../paths';
import { useSmsCountdown } from './useSmsCountdown';
import { OptionSelect } from './OptionSelect';
import styles from '../login/LoginPage.module.css';

interface Values {
  username: string;
  nickName: string;
  password: string;
  confirmPassword: string;
  phonenumber: string;
  code: string;
  roleId: string;
  deptId: string;
}

const EMPTY: Values = { username: '', nickName: '', password: '', confirmPassword: '', phonenumber: '', code: '', roleId: '', deptId: '' };

/** The page's own checks before anything is sent (`byCaptcha`: no number, a captcha); the server checks everything again. */
export function checkRegister(v: Values, needRole: boolean, needDept: boolean, byCaptcha = false): string | null {
  if (!/^[A-Za-z0-9_.@-]{2,30}$/.test(v.username)) return '账号长度为2-30位，只能包含字母、数字和 _ . @ -';
  if (!v.password) return '请输入您的密码';
  if (v.password !== v.confirmPassword) return '两次输入的密码不一致';
  if (byCaptcha) {
    if (!v.code) return '请输入验证码';
  } else {
    if (!/^1\d{10}$/.test(v.phonenumber)) return '请输入正确的手机号码';
    if (!v.code) return '请输入短信验证码';
  }
  if (needRole && !v.roleId) return '请选择角色';
  if (needDept && !v.deptId) return '请选择部门';
  return null;
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const query = useQueryParams();
  // null while the list loads; empty when none is offered: the user types the code (verified).
  const [tenantList, setTenants] = useState<Tenant[] | null>(null);
  const tenants = tenantList ?? [];
  const askTenantCode = tenantList !== null && tenantList.length === 0;
  const tenantCheck = useTenantCheck();
  const [typedTenant, setTypedTenant] = useState(query.get('tenantCode') ?? '');
  const [tenantCode, setTenantCode] = useState(query.get('tenantCode') || 'DEFAULT');
  const [settings, setSettings] = useState<RegisterSettings | null>(null);
  const [roles, setRoles] = useState<{ roleId: number; roleName: string }[]>([]);
  const [depts, setDepts] = useState<{ id: number; label: string }[]>([]);
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const sms = useSmsCountdown(tenantCode, values.phonenumber, false);
  const [captcha, setCaptcha] = useState<{ uuid: string; img: string } | null>(null);
  const byCaptcha = !!settings?.enabled && settings.captcha;
  const refreshCaptcha = () => {
    setValues((v) => ({ ...v, code: '' }));
    getRegisterCaptcha(tenantCode).then((r) => setCaptcha(r.data), () => setCaptcha(null));
  };

  useEffect(() => {
    document.title = '注册';
    listTenants().then((r) => setTenants(r.data), () => setTenants([]));
  }, []);

  useEffect(() => {
    let live = true;
    setSettings(null);
    Promise.all([getRegisterSettings(tenantCode), getRegisterRoles(tenantCode), getRegisterDepts(tenantCode)]).then(
      ([s, r, d]) => {
        if (!live) return;
        setSettings(s.data);
        setRoles(r.data);
        setDepts(d.data);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [tenantCode]);

  // Captcha mode: a captcha as soon as the tenant's settings say so (and a new one per tenant).
  useEffect(() => {
    if (byCaptcha) refreshCaptcha();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [byCaptcha, tenantCode]);

  const change = (name: keyof Values, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const onSendCode = () => {
    if (!/^1\d{10}$/.test(values.phonenumber)) return setError('请输入正确的手机号码');
    setError(null);
    void sms.send();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (askTenantCode) {
      if (!typedTenant.trim()) return setError('请输入租户编码');
      const tenant = await tenantCheck.check(typedTenant);
      if (!tenant) return;
      // A code typed since the options were loaded: show that tenant's options before registering.
      if (tenant.tenantCode !== tenantCode) return setTenantCode(tenant.tenantCode);
    }
    const problem = checkRegister(values, roles.length > 0, depts.length > 0, byCaptcha);
    setError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      const res = await register({
        tenantCode,
        username: values.username,
        nickName: values.nickName || undefined,
        password: values.password,
        ...(byCaptcha ? { uuid: captcha?.uuid ?? '' } : { phonenumber: values.phonenumber }),
        code: values.code,
        roleId: values.roleId ? Number(values.roleId) : null,
        deptId: values.deptId ? Number(values.deptId) : null,
      });
      setDone(res.msg);
    } catch {
      // The HTTP client showed the server's message; a captcha is spent by any answer.
      if (byCaptcha) refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const backToLogin = (
    <Button type="link" onClick={() => navigate(paths.login)}>
      返回登录
    </Button>
  );

  if (done) {
    return (
      <div className={styles.page}>
        <div className={styles.box}>
          <Result status="success" title={done} extra={backToLogin} />
        </div>
      </div>
    );
  }

  const closed = settings && !settings.enabled ? '当前租户未开放注册' : settings && !settings.captcha && !settings.smsEnabled ? '短信服务未开启，暂时无法注册' : null;

  return (
    <div className={styles.page}>
      <form className={styles.box} onSubmit={onSubmit} noValidate aria-label="注册">
        <h1 className={styles.title}>注册账号</h1>
        {askTenantCode ? (
          <div className={styles.field}>
            <Input
              size="large"
              aria-label="租户编码"
              placeholder="租户编码"
              status={tenantCheck.refused ? 'error' : undefined}
              value={typedTenant}
              onChange={(e) => {
                setTypedTenant(e.target.value);
                tenantCheck.edited();
              }}
              onBlur={() => {
                if (typedTenant.trim()) void tenantCheck.check(typedTenant).then((t) => t && setTenantCode(t.tenantCode));
              }}
            />
            {tenantCheck.verified ? <div className={styles.tenantName}>{tenantCheck.verified.tenantName}</div> : null}
          </div>
        ) : (
        <div className={styles.field}>
          <select aria-label="租户" className={styles.tenant} value={tenantCode} onChange={(e) => setTenantCode(e.target.value)}>
            {tenants.some((t) => t.tenantCode === tenantCode) ? null : <option value={tenantCode}>{tenantCode}</option>}
            {tenants.map((t) => (
              <option key={t.tenantCode} value={t.tenantCode}>
                {t.tenantName}
              </option>
            ))}
          </select>
        </div>
        )}
        {closed ? (
          <Alert type="warning" showIcon message={closed} />
        ) : (
          <>
            <div className={styles.field}>
              <Input size="large" placeholder="账号" autoComplete="username" value={values.username} onChange={(e) => change('username', e.target.value)} />
            </div>
            <div className={styles.field}>
              <Input size="large" placeholder="姓名" value={values.nickName} onChange={(e) => change('nickName', e.target.value)} />
            </div>
            <div className={styles.field}>
              <Input.Password size="large" placeholder="密码" autoComplete="new-password" value={values.password} onChange={(e) => change('password', e.target.value)} />
            </div>
            <div className={styles.field}>
              <Input.Password size="large" placeholder="确认密码" autoComplete="new-password" value={values.confirmPassword} onChange={(e) => change('confirmPassword', e.target.value)} />
            </div>
            {byCaptcha ? (
              <div className={styles.field} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <Input size="large" placeholder="验证码" autoComplete="off" value={values.code} onChange={(e) => change('code', e.target.value)} />
                {captcha ? <img src={captcha.img} alt="验证码" title="看不清？换一张" className={styles.captcha} onClick={refreshCaptcha} /> : null}
              </div>
            ) : (
              <>
                <div className={styles.field}>
                  <Input size="large" placeholder="手机号码" autoComplete="tel" value={values.phonenumber} onChange={(e) => change('phonenumber', e.target.value)} />
                </div>
                <div className={styles.field} style={{ display: 'flex', gap: 8 }}>
                  <Input size="large" placeholder="短信验证码" autoComplete="one-time-code" value={values.code} onChange={(e) => change('code', e.target.value)} />
                  <Button size="large" disabled={sms.disabled} onClick={onSendCode}>
                    {sms.label}
                  </Button>
                </div>
              </>
            )}
            <OptionSelect label="角色" placeholder="请选择角色" value={values.roleId} options={roles.map((r) => ({ value: r.roleId, label: r.roleName }))} onChange={(v) => change('roleId', v)} />
            <OptionSelect label="部门" placeholder="请选择部门" value={values.deptId} options={depts.map((d) => ({ value: d.id, label: d.label }))} onChange={(v) => change('deptId', v)} />
            {error ? (
              <div role="alert" className={styles.error}>
                {error}
              </div>
            ) : null}
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              注 册
            </Button>
          </>
        )}
        <div className={styles.field}>{backToLogin}</div>
      </form>
    </div>
  );
}
