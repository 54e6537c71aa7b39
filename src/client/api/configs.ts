/** System configuration calls (spec 02 §7 "Dictionaries and configuration"). */
import { get, post } from './http';
import { pick } from './pick';
import type { DataResponse, PageResponse } from './types';
import type { Config } from '../../shared/contract/configs';

/** A system configuration entry, and the values of its dialog (a new one has no id). */
export type SysConfig = Partial<Config> & Pick<Config, 'configName' | 'configKey' | 'configValue'>;

/** `POST /api/system/config/configKeys` without a token: several keys' values for the tenant. */
export function getConfigKeys(keys: string[], tenantCode: string): Promise<DataResponse<Record<string, string>>> {
  return post('/system/config/configKeys', { keys, tenantCode }, { isToken: false });
}

const FIELDS = ['configName', 'configKey', 'configValue', 'configType', 'remark'] as const;

/** `GET /api/system/config/list`. */
export function listConfigs(query: Record<string, unknown>): Promise<PageResponse<Config>> {
  return get('/system/config/list', query);
}

/** `GET /api/system/config/{id}`. */
export function getConfig(id: number): Promise<DataResponse<SysConfig>> {
  return get(`/system/config/${id}`);
}

/** `POST /api/system/config`. */
export function addConfig(body: SysConfig): Promise<DataResponse<unknown>> {
  return post('/system/config', pick(body, FIELDS));
}

/** `POST /api/system/config/edit`. */
export function editConfig(body: SysConfig): Promise<DataResponse<unknown>> {
  return post('/system/config/edit', pick(body, ['configId', ...FIELDS]));
}

/** `POST /api/system/config/delete` `[ids]`. */
export function deleteConfigs(ids: number[]): Promise<DataResponse<unknown>> {
  return post('/system/config/delete', ids);
}

/** `POST /api/system/config/clearCache`. */
export function clearConfigCache(): Promise<DataResponse<unknown>> {
  return post('/system/config/clearCache');
}
