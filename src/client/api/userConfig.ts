/** Per-user configuration calls (`/api/user/config…`, spec 02 §7 "Users"). */
import { get, post } from './http';
import type { DataResponse } from './types';

/** `GET /api/user/config/get`: every stored key of the signed-in user, values as JSON. */
export function getUserConfig(): Promise<DataResponse<Record<string, unknown>>> {
  return get('/user/config/get');
}

/** `POST /api/user/config/{key}/edit`: store one key's value. */
export function editUserConfig(key: string, value: unknown): Promise<DataResponse<unknown>> {
  return post(`/user/config/${encodeURIComponent(key)}/edit`, value);
}

/** `POST /api/user/config/{key}/reset`: forget one key of the signed-in user. */
export function resetUserConfig(key: string): Promise<DataResponse<unknown>> {
  return post(`/user/config/${encodeURIComponent(key)}/reset`);
}
