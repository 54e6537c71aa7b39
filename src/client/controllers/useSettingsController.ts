/**
 * Settings panel logic (spec 02 §2.4): change, save per user, reset colours, reset, and for user 1
 * "初始化用户配置" (every user's layout back to the defaults).
 */
import { useCallback } from 'react';
import { unbindWechat } from '../api/auth';
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
  const unbind = useCallback(async () => {
    await unbindWechat();
    sessionStore.set((s) => (s.user ? { user: { ...s.user, hasOpenId: false } } : {}));
  }, []);
  return {
    settings,
    open: settings.showSettings,
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
  };
}
