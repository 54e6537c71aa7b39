/**
 * Sign-in screen logic (spec 02 §2.1, §3 login payload): tenants, captcha, remember the user name.
 * Plain requests through the HTTP client, no query cache: TanStack Query stays out of the sign-in
 * page's first load (issue 15, ADR 0403).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getCaptcha, listTenants, login, type LoginBody } from '../api/auth';
import type { Tenant } from '../api/types';
import { resetReloginPrompt } from '../api/http';
import { getTenantCode, setTenantCode, setToken } from '../session/cookies';
import { useTenantCheck } from './useTenantCheck';
import { fetchPublicConfig } from './loadSession';
import { CONFIG_KEYS, isOn } from '../session/configKeys';
import { setNeedPerfect } from '../session/passwordFlag';
import { sessionStore } from '../session/sessionStore';
import { safeRedirect } from '../routing/safeRedirect';

const REMEMBER_KEY = 'formwork.login.remember';

/** What the form holds. */
export interface LoginValues {
  tenantCode: string;
  username: string;
  password: string;
  code?: string;
  rememberMe?: boolean;
}

/**
 * What 记住密码 keeps: the tenant and the user name only. The password is left to the browser's
 * password manager (the inputs carry autocomplete="username" / "current-password"); a password
 * stored by an earlier client is dropped on sight.
 */
function remembered(): Partial<LoginValues> {
  try {
    const stored = JSON.parse(localStorage.getItem(REMEMBER_KEY) ?? '{}') as Partial<LoginValues>;
    const kept = { tenantCode: stored.tenantCode, username: stored.username, rememberMe: stored.rememberMe === true };
    if ('password' in stored) localStorage.setItem(REMEMBER_KEY, JSON.stringify(kept));
    return Object.fromEntries(Object.entries(kept).filter(([, v]) => v !== undefined));
  } catch {
    return {};
  }
}

/**
 * `/encrypted/login` (issue 32 item 3): the credentials go sealed with the server's current public
 * key (fetched at each submit, so a page left open across the daily rotation still works); the
 * answer is the ordinary sign-in's. node-forge loads only here.
 */
async function encryptedSignIn(body: LoginBody) {
  const [{ getLoginKey, encryptedLogin }, { sealCredentials }] = await Promise.all([import('../api/publicAccess'), import('../api/encryptLogin')]);
  const { data: key } = await getLoginKey();
  const sealed = sealCredentials(key.publicKey, key.keyId, { username: body.username, password: body.password });
  return encryptedLogin({ ...sealed, tenantCode: body.tenantCode, code: body.code ?? undefined, uuid: body.uuid ?? undefined });
}

/**
 * Tenants, config, captcha and a submit that stores the token; `onSignedIn` gets the redirect
 * target; `encrypted` sends the credentials sealed (`/encrypted/login`); `supplier` signs in at
 * `/supplier/login`, where only supplier users are let in (and they only there).
 */
export function useLoginController(redirect: string | null, onSignedIn: (to: string) => void, encrypted = false, supplier = false) {
  const [tenantCode, setTenant] = useState(getTenantCode());
  const [submitting, setSubmitting] = useState(false);
  // null while the list loads; empty when none is offered (TENANT_LIST_PUBLIC=false, or a failed
  // read): then the user types the tenant code and it is verified (useTenantCheck).
  const [tenantList, setTenants] = useState<Tenant[] | null>(null);
  const tenants = useMemo(() => tenantList ?? [], [tenantList]);
  const askTenantCode = tenantList !== null && tenantList.length === 0;
  const tenantCheck = useTenantCheck();
  const checkTenant = tenantCheck.check;
  const [config, setConfig] = useState<Record<string, string>>({});
  const [captcha, setCaptcha] = useState<{ uuid?: string; img?: string }>({});
  const [captchaRound, setCaptchaRound] = useState(0);

  useEffect(() => {
    let live = true;
    // A failed request has already been shown by the HTTP client; the list stays empty.
    listTenants().then((res) => live && setTenants(res.data ?? []), () => live && setTenants([]));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    fetchPublicConfig(tenantCode).then((c) => live && setConfig(c), () => undefined);
    return () => {
      live = false;
    };
  }, [tenantCode]);

  const captchaOn = isOn(config[CONFIG_KEYS.captcha]);
  useEffect(() => {
    if (!captchaOn) return;
    let live = true;
    getCaptcha(tenantCode).then((c) => live && setCaptcha({ uuid: c.uuid, img: c.img }), () => undefined);
    return () => {
      live = false;
    };
  }, [captchaOn, tenantCode, captchaRound]);
  const refreshCaptcha = useCallback(() => setCaptchaRound((n) => n + 1), []);

  const submit = useCallback(
    async (values: LoginValues) => {
      setSubmitting(true);
      try {
        let code = values.tenantCode;
        if (askTenantCode) {
          const tenant = await checkTenant(code);
          if (!tenant) return;
          code = tenant.tenantCode;
        }
        const body: LoginBody = {
          username: values.username.trim(),
          password: values.password,
          code: values.code,
          uuid: captcha.uuid,
          tenantCode: code,
          ...(supplier ? { loginType: 'supplier' } : {}),
        };
        const res = encrypted ? await encryptedSignIn(body) : await login(body);
        if (values.rememberMe) localStorage.setItem(REMEMBER_KEY, JSON.stringify({ tenantCode: code, username: values.username.trim(), rememberMe: true }));
        else localStorage.removeItem(REMEMBER_KEY);
        // Spec 02 §4: the server judges the password (sys.password.force.update / sys.password.check).
        setNeedPerfect(res.needPerfect === true);
        setToken(res.token);
        setTenantCode(code);
        resetReloginPrompt();
        // The login gate drops an older session's cached answers when it loads this one.
        sessionStore.set({ ready: false });
        onSignedIn(safeRedirect(redirect));
      } catch {
        if (captchaOn) refreshCaptcha();
      } finally {
        setSubmitting(false);
      }
    },
    [askTenantCode, captcha.uuid, captchaOn, encrypted, onSignedIn, redirect, refreshCaptcha, supplier, checkTenant],
  );

  const initialValues = useMemo(() => ({ tenantCode: getTenantCode(), rememberMe: false, ...remembered() }) as Partial<LoginValues>, []);
  return {
    tenants,
    /** No tenant list is offered: the page asks for the code (租户编码) and verifies it. */
    askTenantCode,
    tenantCheck,
    tenantCode,
    setTenantCode: setTenant,
    config,
    title: config[CONFIG_KEYS.loginTitle] || config[CONFIG_KEYS.headTitle] || '业务表单平台',
    supplierTitle: config[CONFIG_KEYS.supplierTitle] || '供应商登录',
    logo: config[CONFIG_KEYS.loginLogo] || '',
    background: config[CONFIG_KEYS.loginBg] || '',
    copyright: config[CONFIG_KEYS.loginCopyright] || '',
    boxPosition: (['left', 'right'].includes(config[CONFIG_KEYS.loginBoxPosition]) ? config[CONFIG_KEYS.loginBoxPosition] : 'center') as 'left' | 'center' | 'right',
    showRemember: !isOn(config[CONFIG_KEYS.hideRemember]),
    captchaOn,
    captchaImage: captcha.img,
    refreshCaptcha,
    initialValues,
    submitting,
    submit,
  };
}
