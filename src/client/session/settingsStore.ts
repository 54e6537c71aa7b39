/** Layout settings (spec 02 §3 "User settings", defaults of §9), saved per user under one config key. */
import { createStore } from './createStore';

/** The user's layout settings. */
export interface LayoutSettings {
  theme: string;
  sideTheme: 'theme-dark' | 'theme-light';
  menuActiveColor: string;
  inputBorderColor: string;
  fromBackgroundColor: string;
  sidebarLogo: boolean;
  foldMenu: boolean;
  foldFlow: boolean;
  fixedHeader: boolean;
  tagsView: boolean;
}

/**
 * The user-config key the settings are stored under (`/api/user/config/{key}/edit`): spec 02 §3
 * "features JSON", the key the server's 初始化用户配置 (`profile/init/all`) removes.
 */
export const LAYOUT_CONFIG_KEY = 'features';

/** Where earlier versions of the client saved the settings; read once, moved to `features`. */
export const LEGACY_LAYOUT_CONFIG_KEY = 'layoutSetting';

/** Spec 02 §9 defaults. */
export const DEFAULT_SETTINGS: LayoutSettings = {
  theme: '#1890ff',
  sideTheme: 'theme-dark',
  menuActiveColor: '#409EFF',
  inputBorderColor: '#DCDEE6',
  fromBackgroundColor: '#FFFFFF',
  sidebarLogo: true,
  foldMenu: false,
  foldFlow: false,
  fixedHeader: false,
  tagsView: true,
};

/** The colour options that "reset colours" restores. */
export const COLOUR_KEYS = ['theme', 'menuActiveColor', 'inputBorderColor', 'fromBackgroundColor'] as const;

/** Current layout settings plus whether the panel is open. */
export const settingsStore = createStore<LayoutSettings & { showSettings: boolean }>({ ...DEFAULT_SETTINGS, showSettings: false });

/** Merge stored settings over the defaults, ignoring unknown keys and wrong types. */
export function mergeSettings(stored: unknown): LayoutSettings {
  const out: LayoutSettings = { ...DEFAULT_SETTINGS };
  if (!stored || typeof stored !== 'object') return out;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof LayoutSettings)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === typeof DEFAULT_SETTINGS[key]) (out as unknown as Record<string, unknown>)[key] = value;
  }
  return out;
}
