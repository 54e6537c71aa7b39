/** Self-registration, SMS codes and password reset by code (issue 32 item 2, spec 02 §7); no token. */
import { get, post } from './http';
import type { DataResponse } from './types';

export interface RegisterSettings {
  enabled: boolean;
  smsEnabled: boolean;
  approval: boolean;
  /** The tenant turned SMS off: register with a captcha instead, without a number. */
  captcha: boolean;
}

export interface RegisterBody {
  tenantCode: string;
  username: string;
  nickName?: string;
  password: string;
  phonenumber?: string;
  /** The SMS code, or the captcha's answer in captcha mode. */
  code: string;
  /** The captcha's id (captcha mode). */
  uuid?: string;
  roleId?: number | null;
  deptId?: number | null;
}

/** `GET /api/register/settings`: whether the tenant takes registrations and sends SMS codes. */
export function getRegisterSettings(tenantCode: string): Promise<DataResponse<RegisterSettings>> {
  return get('/register/settings', { tenantCode }, { isToken: false });
}

/** `GET /api/register/captcha`: a captcha for registration where the tenant turned SMS off. */
export function getRegisterCaptcha(tenantCode: string): Promise<DataResponse<{ uuid: string; img: string }>> {
  return get('/register/captcha', { tenantCode }, { isToken: false });
}

/** `GET /api/system/role/options/register`: the roles the tenant offers. */
export function getRegisterRoles(tenantCode: string): Promise<DataResponse<{ roleId: number; roleName: string }[]>> {
  return get('/system/role/options/register', { tenantCode }, { isToken: false });
}

/** `GET /api/system/dept/options/register`: the departments the tenant offers (tree nodes). */
export function getRegisterDepts(tenantCode: string): Promise<DataResponse<{ id: number; label: string; children?: unknown[] }[]>> {
  return get('/system/dept/options/register', { tenantCode }, { isToken: false });
}

/** `POST /api/common/sms/send` (registration) or `…/withCheck` (reset: only a registered number). */
export function sendSmsCode(tenantCode: string, phonenumber: string, withCheck = false): Promise<{ code: 200; msg: string }> {
  return post(withCheck ? '/common/sms/send/withCheck' : '/common/sms/send', { tenantCode, phonenumber }, { isToken: false });
}

/** `POST /api/register` → `msg` is the tenant's success tip; `pending` when it waits for approval. */
export function register(body: RegisterBody): Promise<{ code: 200; msg: string; pending: boolean }> {
  return post('/register', body, { isToken: false });
}

/** `POST /api/system/user/password/resetWithVerifyCode`. */
export function resetPasswordWithCode(body: { tenantCode: string; phonenumber: string; code: string; password: string }): Promise<{ code: 200; msg: string }> {
  return post('/system/user/password/resetWithVerifyCode', body, { isToken: false });
}
