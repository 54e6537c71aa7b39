/** Loads what the login gate needs (spec 02 §2.1): settings, user info, menus, layout config. */
import type { QueryClient } from '@tanstack/react-query';
import { getInfo, getRouters } from '../api/auth';
import { getConfigKeys } from '../api/configs';
import { queryKeys } from '../api/queryKeys';
import { editUserConfig, getUserConfig, resetUserConfig } from '../api/userConfig';
import { getTenantCode } from '../session/cookies';
import { PUBLIC_CONFIG_KEYS } from '../session/configKeys';
import { sessionStore } from '../session/sessionStore';
import { LAYOUT_CONFIG_KEY, LEGACY_LAYOUT_CONFIG_KEY, mergeSettings, settingsStore, type LayoutSettings } from '../session/settingsStore';

/** Fetch the tenant's public configuration into the session store (also before sign-in). */
export async function loadPublicConfig(client: QueryClient, tenantCode = getTenantCode()): Promise<Record<string, string>> {
  const res = await client.fetchQuery({
    queryKey: queryKeys.publicConfig(tenantCode, PUBLIC_CONFIG_KEYS),
    queryFn: () => getConfigKeys(PUBLIC_CONFIG_KEYS, tenantCode),
    staleTime: 60_000,
  });
  const config = normaliseConfig(res.data);
  sessionStore.set({ config });
  return config;
}

/**
 * The same as `loadPublicConfig` without the query cache: the sign-in page reads it this way so
 * TanStack Query stays out of its first load (issue 15, ADR 0403).
 */
export async function fetchPublicConfig(tenantCode = getTenantCode()): Promise<Record<string, string>> {
  const config = normaliseConfig((await getConfigKeys(PUBLIC_CONFIG_KEYS, tenantCode)).data);
  sessionStore.set({ config });
  return config;
}

/** Accept `{key: value}` or `[{configKey, configValue}]`. */
function normaliseConfig(data: unknown): Record<string, string> {
  if (Array.isArray(data)) {
    return Object.fromEntries(data.map((d: { configKey: string; configValue: string }) => [d.configKey, d.configValue]));
  }
  return (data ?? {}) as Record<string, string>;
}

/** Fetch settings, user info, routes and layout config; fills the session and settings stores. */
export async function loadSession(client: QueryClient): Promise<void> {
  const [info, routers] = await Promise.all([
    client.fetchQuery({ queryKey: queryKeys.session.info(), queryFn: getInfo, staleTime: 0 }),
    client.fetchQuery({ queryKey: queryKeys.session.routers(), queryFn: getRouters, staleTime: 0 }),
    loadPublicConfig(client),
  ]);
  const userConfig = await client
    .fetchQuery({ queryKey: queryKeys.session.userConfig(), queryFn: getUserConfig, staleTime: 0 })
    .catch(() => ({ data: {} as Record<string, unknown> }));
  settingsStore.set({ ...layoutFrom(userConfig.data ?? {}) });
  sessionStore.set({
    ready: true,
    user: info.user,
    // Spec 02 §3: with no roles, ROLE_DEFAULT is assumed.
    roles: info.roles?.length ? info.roles : ['ROLE_DEFAULT'],
    permissions: info.permissions ?? [],
    menus: routers.data ?? [],
  });
}

/**
 * The layout settings of the stored user config. Settings saved by an earlier client under
 * `layoutSetting` are adopted once: written under `features` and the old key removed, so that
 * 初始化用户配置 (which removes `features`) really returns everyone to the defaults.
 */
export function layoutFrom(config: Record<string, unknown>): LayoutSettings {
  const current = parseJson(config[LAYOUT_CONFIG_KEY]);
  if (current !== undefined && current !== null) return mergeSettings(current);
  const legacy = parseJson(config[LEGACY_LAYOUT_CONFIG_KEY]);
  if (legacy === undefined || legacy === null) return mergeSettings(undefined);
  const settings = mergeSettings(legacy);
  void editUserConfig(LAYOUT_CONFIG_KEY, settings)
    .then(() => resetUserConfig(LEGACY_LAYOUT_CONFIG_KEY))
    .catch(() => undefined);
  return settings;
}

/** User-config values arrive as JSON text or as parsed JSON. */
export function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
