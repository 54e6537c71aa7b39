/** Sign-in screen logic (spec 02 §2.1, §3 login payload): tenants, captcha, remember the user name. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { getCaptcha, listTenants, login } from '../api/auth';
import { resetReloginPrompt } from '../api/http';
import { queryKeys } from '../api/queryKeys';
import { getTenantCode, setTenantCode, setToken } from '../session/cookies';
import { loadPublicConfig } from './loadSession';
import { CONFIG_KEYS, isOn } from '../session/configKeys';
import { setNeedPerfect } from '../session/passwordFlag';
import { sessionStore } from '../session/sessionStore';

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

/** Tenants, config, captcha and a submit that stores the token; `onSignedIn` gets the redirect target. */
export function useLoginController(redirect: string | null, onSignedIn: (to: string) => void) {
  const client = useQueryClient();
  const [tenantCode, setTenant] = useState(getTenantCode());
  const [submitting, setSubmitting] = useState(false);
  const tenants = useQuery({ queryKey: queryKeys.tenants(), queryFn: listTenants, staleTime: 60_000 });
  const config = useQuery({
    queryKey: ['loginConfig', tenantCode],
    queryFn: () => loadPublicConfig(client, tenantCode),
    staleTime: 60_000,
  });
  const captchaOn = isOn(config.data?.[CONFIG_KEYS.captcha]);
  const captcha = useQuery({
    queryKey: queryKeys.captcha(tenantCode),
    queryFn: () => getCaptcha(tenantCode),
    enabled: captchaOn,
    staleTime: Infinity,
  });

  const submit = useCallback(
    async (values: LoginValues) => {
      setSubmitting(true);
      try {
        const res = await login({
          username: values.username.trim(),
          password: values.password,
          code: values.code,
          uuid: captcha.data?.uuid,
          tenantCode: values.tenantCode,
        });
        if (values.rememberMe) localStorage.setItem(REMEMBER_KEY, JSON.stringify({ tenantCode: values.tenantCode, username: values.username.trim(), rememberMe: true }));
        else localStorage.removeItem(REMEMBER_KEY);
        // Spec 02 §4: the server judges the password (sys.password.force.update / sys.password.check).
        setNeedPerfect(res.needPerfect === true);
        setToken(res.token);
        setTenantCode(values.tenantCode);
        resetReloginPrompt();
        sessionStore.set({ ready: false });
        client.removeQueries({ queryKey: queryKeys.session.all });
        onSignedIn(redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/');
      } catch {
        if (captchaOn) void captcha.refetch();
      } finally {
        setSubmitting(false);
      }
    },
    [captcha, captchaOn, client, onSignedIn, redirect],
  );

  const config_ = config.data ?? {};
  return {
    tenants: tenants.data?.data ?? [],
    tenantCode,
    setTenantCode: setTenant,
    config: config_,
    title: config_[CONFIG_KEYS.loginTitle] || config_[CONFIG_KEYS.headTitle] || '业务表单平台',
    supplierTitle: config_[CONFIG_KEYS.supplierTitle] || '供应商登录',
    logo: config_[CONFIG_KEYS.loginLogo] || '',
    background: config_[CONFIG_KEYS.loginBg] || '',
    copyright: config_[CONFIG_KEYS.loginCopyright] || '',
    boxPosition: (['left', 'right'].includes(config_[CONFIG_KEYS.loginBoxPosition]) ? config_[CONFIG_KEYS.loginBoxPosition] : 'center') as 'left' | 'center' | 'right',
    showRemember: !isOn(config_[CONFIG_KEYS.hideRemember]),
    captchaOn,
    captchaImage: captcha.data?.img,
    refreshCaptcha: () => void captcha.refetch(),
    initialValues: { tenantCode, rememberMe: false, ...remembered() } as Partial<LoginValues>,
    submitting,
    submit,
  };
}
