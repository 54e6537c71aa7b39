/** The public side's encrypted sign-in and anonymous forms (issue 32 items 3 and 5, spec 02 §7); no token. */
import type { Static } from 'typebox';
import type { AnonymousField } from '../../shared/contract/publicAccess';
import type { LoginAnswer as SessionLoginAnswer } from '../../shared/contract/session';
import { get, post } from './http';
import type { DataResponse } from './types';

export type AnonymousFieldDef = Static<typeof AnonymousField>;

/** `GET /api/encrypt/publicKey`: the current RSA public key (PEM) and its id. */
export function getLoginKey(): Promise<DataResponse<{ keyId: string; publicKey: string; rotatesAt: string }>> {
  return get('/encrypt/publicKey', undefined, { isToken: false });
}

/** `POST /api/encrypt/login`: the sealed credentials plus tenant and captcha; answers as `POST /api/login`. */
export function encryptedLogin(body: { keyId: string; key: string; iv: string; data: string; tenantCode: string; code?: string; uuid?: string }): Promise<Static<typeof SessionLoginAnswer>> {
  return post('/encrypt/login', body, { isToken: false });
}

/** `GET /api/auto/{form}/anonymous?tenantCode=`: the form's name and fillable fields (errors shown by the page). */
export function getAnonymousForm(form: string, tenantCode: string): Promise<DataResponse<{ enName: string; cnName: string; tenantName: string; fields: AnonymousFieldDef[] }>> {
  return get(`/auto/${encodeURIComponent(form)}/anonymous`, { tenantCode }, { isToken: false, silent: true });
}

/** `GET /api/auto/{form}/anonymous/captcha?tenantCode=`: a captcha for one submission. */
export function getAnonymousCaptcha(form: string, tenantCode: string): Promise<DataResponse<{ uuid: string; img: string }>> {
  return get(`/auto/${encodeURIComponent(form)}/anonymous/captcha`, { tenantCode }, { isToken: false });
}

/** `POST /api/auto/{form}/anonymous?tenantCode=`: the values and the captcha answer (errors shown by the page). */
export function submitAnonymousForm(form: string, tenantCode: string, body: { data: Record<string, unknown>; code: string; uuid: string }): Promise<{ code: 200; msg: string }> {
  return post(`/auto/${encodeURIComponent(form)}/anonymous?tenantCode=${encodeURIComponent(tenantCode)}`, body, { isToken: false, silent: true });
}

/** An administrator's view of a form's anonymous setting. */
export interface AnonymousSettingView {
  enabled: boolean;
  sysStatus: number;
  publicFields: string[];
  omittedFields: string[];
  updateBy: string | null;
}

/** `GET /api/flowable/form/anonymous/{form}` (flowable:form:query or edit). */
export function getAnonymousSetting(form: string): Promise<DataResponse<AnonymousSettingView>> {
  return get(`/flowable/form/anonymous/${encodeURIComponent(form)}`);
}

/** `POST /api/flowable/form/anonymous/{form}` (flowable:form:edit): open or close, and the status of submissions. */
export function saveAnonymousSetting(form: string, body: { enabled: boolean; sysStatus: -1 | 1 }): Promise<{ code: 200; msg: string }> {
  return post(`/flowable/form/anonymous/${encodeURIComponent(form)}`, body);
}
