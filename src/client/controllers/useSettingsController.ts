/**
 * Settings panel logic (spec 02 §2.4): change, save per user, reset colours, reset, and for user 1
 * "初始化用户配置" (every user's layout back to the defaults); WeChat unbind, or bind when WeChat
 * sign-in is configured and the user has none (issue 32 item 4).
 */
import { useCallback, useEffect, useState } from 'react';
import { unbindWechat } from '../api/auth';
import { authorizeWxApp, getWxAppConfig } from '../api/wxApp';
import { getTenantCode } from '../session/cookies';
import { editUserConfig, resetUserConfig } from '../api/userConfig';
import { initAllUserConfig } from '../api/users';
import { sessionStore } from '../session/sessionStore';
import { COLOUR_KEYS, DEFAULT_SETTINGS, LAYOUT_CONFIG_KEY, settingsStore, type LayoutSettings } from '../session/settingsStore';

function current(): LayoutSettings {
  const { showSettings: _hidden, ...settings } = settingsStore.get();
  return settings;
}

/** Settings values and the actions of the panel; every change is saved for the user at once. */
export function useSettingsController() {
  const settings = settingsStore.use((s) => s);
  const userId = sessionStore.use((s) => s.user?.userId);
  const hasOpenId = sessionStore.use((s) => s.user?.hasOpenId === true);
  const save = useCallback(() => editUserConfig(LAYOUT_CONFIG_KEY, current()), []);
  const change = useCallback(
    <K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]) => {
      settingsStore.set({ [key]: value } as Partial<LayoutSettings>);
      return save();
    },
    [save],
  );
  const resetColours = useCallback(() => {
    settingsStore.set(Object.fromEntries(COLOUR_KEYS.map((k) => [k, DEFAULT_SETTINGS[k]])) as Partial<LayoutSettings>);
    return save();
  }, [save]);
  const reset = useCallback(async () => {
    await resetUserConfig(LAYOUT_CONFIG_KEY);
    settingsStore.set({ ...DEFAULT_SETTINGS });
  }, []);
  const initAll = useCallback(async () => {
    await initAllUserConfig();
    // The call removed the caller's own settings too.
    settingsStore.set({ ...DEFAULT_SETTINGS });
  }, []);
  const open = settings.showSettings;
  // Asked when the panel opens for a user without an openId: binding is offered only where the
  // sign-in is configured (a failed answer offers nothing).
  const [wxEnabled, setWxEnabled] = useState(false);
  useEffect(() => {
    if (!open || hasOpenId) return;
    let live = true;
    getWxAppConfig().then((r) => live && setWxEnabled(r.data.enabled), () => undefined);
    return () => {
      live = false;
    };
  }, [open, hasOpenId]);
  /**
   * Off to the provider's consent page; it returns to /wxapp-auth, whose exchange leads an unbound
   * WeChat to /bind, where 绑定当前账号 binds it to this user and comes back here.
   */
  const bind = useCallback(async () => {
    const { data } = await authorizeWxApp(getTenantCode(), `${window.location.pathname}${window.location.search}`, true);
    window.location.assign(data.authorizeUrl);
  }, []);
  const unbind = useCallback(async () => {
    await unbindWechat();
    sessionStore.set((s) => (s.user ? { user: { ...s.user, hasOpenId: false } } : {}));
  }, []);
  return {
    settings,
    open,
    close: () => settingsStore.set({ showSettings: false }),
    change,
    resetColours,
    reset,
    /** Spec 02 §2.4: only user id 1 sees "初始化用户配置". */
    canInitAll: userId === 1,
    initAll,
    /** Spec 02 §2.4: the WeChat unbind option appears only when the user has an openId. */
    canUnbind: hasOpenId,
    unbind,
    /** The matching 绑定微信: WeChat sign-in configured (`GET /api/wxapp/config`) and no openId yet. */
    canBind: !hasOpenId && wxEnabled,
    bind,
  };
}
