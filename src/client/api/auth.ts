/** Sign-in and session calls (spec 02 §7 "Authentication and session"). */
import type { Static } from 'typebox';
import type { LoginAnswer, LoginRequest } from '../../shared/contract/session';
import { get, post } from './http';
import type { DataResponse, InfoResponse, MenuEntry, Tenant } from './types';

/** The login payload of spec 02 §3 (the sign-in page always names the tenant). */
export type LoginBody = Static<typeof LoginRequest> & { tenantCode: string };

/** `POST /api/login` → the bearer token, and `needPerfect` when the password must be changed first. */
export function login(body: LoginBody): Promise<Static<typeof LoginAnswer>> {
  return post('/login', body, { isToken: false });
}

/** `POST /api/logout`: the server revokes the token at once. */
export function logout(): Promise<unknown> {
  return post('/logout');
}

/** `POST /api/unbind`: remove the own WeChat binding (spec 02 §2.4, §7). */
export function unbindWechat(): Promise<unknown> {
  return post('/unbind');
}

/** `GET /api/getInfo`: user, role keys and permission strings. */
export function getInfo(): Promise<InfoResponse> {
  return get('/getInfo');
}

/** `GET /api/getRouters`: the user's menu tree. */
export function getRouters(): Promise<DataResponse<MenuEntry[]>> {
  return get('/getRouters');
}

/** `GET /api/getRouters/access`: whether an address outside the user's menus is a page they may not open. */
export function getPageAccess(path: string): Promise<DataResponse<{ access: 'allowed' | 'forbidden' | 'missing' }>> {
  return get('/getRouters/access', { path });
}

/** `GET /api/system/tenant/all` (public): tenants to choose from at sign-in. */
export function listTenants(): Promise<DataResponse<Tenant[]>> {
  return get('/system/tenant/all', undefined, { isToken: false });
}

/**
 * `POST /api/system/user/tenant/verification` (public): a typed tenant code → its code and name, or
 * the server's refusal (租户不存在 / 租户已停用…), which the HTTP client shows.
 */
export function verifyTenant(tenantCode: string): Promise<DataResponse<{ tenantCode: string; tenantName: string }>> {
  return post('/system/user/tenant/verification', { tenantCode }, { isToken: false });
}

/** `GET /api/captchaImage` (public): `captchaEnabled`, `uuid` and the image. */
export function getCaptcha(tenantCode: string): Promise<{ code: 200; captchaEnabled?: boolean; uuid?: string; img?: string }> {
  return get('/captchaImage', { tenantCode }, { isToken: false });
}
