/**
 * Constant lists kept in browser storage by the tenant's constants version (spec 02 §7
 * "Constants": "cached in browser storage with a version"). A form with ten choice fields asks the
 * server for each list once per version, not on every page load: the stored lists are used while
 * `GET /system/constant/version` answers the version they were stored under; any change to the
 * tenant's constants changes the version and drops them all.
 */
import { getTenantCode } from '../session/cookies';
import { get } from './http';
import type { DataResponse } from './types';

/** The version answer is reused this long, so a page of pickers asks it once. */
export const CONSTANTS_VERSION_REUSE_MS = 30_000;
const STORAGE_PREFIX = 'fw.constants.';

interface Stored {
  version: string;
  lists: Record<string, unknown>;
}

let memo: { tenant: string; at: number; version: Promise<string | null> } | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The tenant's constants version, or null when it cannot be had (then nothing is stored). */
export function constantsVersion(): Promise<string | null> {
  const tenant = getTenantCode();
  if (memo && memo.tenant === tenant && Date.now() - memo.at < CONSTANTS_VERSION_REUSE_MS) return memo.version;
  const version = get<DataResponse<string>>('/system/constant/version', undefined, { silent: true })
    .then((r) => (typeof r.data === 'string' && r.data ? r.data : null))
    .catch(() => null);
  memo = { tenant, at: Date.now(), version };
  return version;
}

/** Ask the version again on next use (after this user changed a constant). */
export function forgetConstantsVersion(): void {
  memo = null;
}

function read(key: string): Stored | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(key) ?? 'null') as Stored | null;
    return parsed && typeof parsed.version === 'string' && parsed.lists && typeof parsed.lists === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/** The list `name` from storage when stored under the current version, else loaded and stored. */
export async function cachedConstants<T>(name: string, load: () => Promise<T>): Promise<T> {
  const version = await constantsVersion();
  if (version === null) return load();
  const key = STORAGE_PREFIX + getTenantCode();
  const stored = read(key);
  if (stored?.version === version && name in stored.lists) return stored.lists[name] as T;
  const value = await load();
  // Re-read: other lists may have been stored while this one loaded.
  const now = read(key);
  const lists = now?.version === version ? now.lists : {};
  try {
    storage()?.setItem(key, JSON.stringify({ version, lists: { ...lists, [name]: value } } satisfies Stored));
  } catch {
    // Storage full or refused: the list still works, it is just asked again next time.
  }
  return value;
}
