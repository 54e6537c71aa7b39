/** 制度发布 calls (spec 02 §7 "Resources and policy"; src/shared/contract/policy.ts). */
import type { Static } from 'typebox';
import { get, post } from './http';
import type { DataResponse, PageResponse } from './types';
import type { Policy, PolicyEditBody, PolicySettings, PolicySettingBody } from '../../shared/contract/policy';

export type { Policy, PolicyEditBody, PolicySettings };

/** `GET /api/policy/list` (pageNum, pageSize, title, status '0' draft / '1' published). */
export function listPolicies(query: Record<string, unknown>): Promise<PageResponse<Policy>> {
  return get('/policy/list', query);
}

/** `GET /api/policy/information/get?id=`: one policy (list permission, or a recipient of a published one). */
export async function getPolicy(id: number): Promise<Policy> {
  return (await get<DataResponse<Policy>>('/policy/information/get', { id })).data;
}

/** `POST /api/policy/information/edit`: saves a draft (or a published policy's text); answers its id. */
export async function savePolicy(body: PolicyEditBody): Promise<number> {
  return (await post<DataResponse<{ id: number }>>('/policy/information/edit', body)).data.id;
}

/** `POST /api/policy/publish`: publishes and notifies; answers how many users were notified. */
export async function publishPolicy(id: number, recipients: { userIds?: number[]; deptIds?: number[] }): Promise<number> {
  return (await post<DataResponse<{ notified: number }>>('/policy/publish', { id, ...recipients })).data.notified;
}

/** `GET /api/policy/information/remove?id=`. */
export async function removePolicy(id: number): Promise<void> {
  await get('/policy/information/remove', { id });
}

/** `GET /api/policy/setting`. */
export async function getPolicySettings(): Promise<PolicySettings> {
  return (await get<DataResponse<PolicySettings>>('/policy/setting')).data;
}

/** `POST /api/policy/setting`: answers the whole settings. */
export async function savePolicySettings(body: Static<typeof PolicySettingBody>): Promise<PolicySettings> {
  return (await post<DataResponse<PolicySettings>>('/policy/setting', body)).data;
}
