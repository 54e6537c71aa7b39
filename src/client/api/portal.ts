/**
 * The portal (issue 32 item 1, spec 02 §2.2): public reads without a token, cached by the browser
 * (the server's ETag and `max-age`), and the administrator's setting of a portal source.
 */
import type { Static } from 'typebox';
import type { PortalDetailAnswer, PortalHomeAnswer, PortalListAnswer, PortalSetting, PortalSettingAnswer } from '../../shared/contract/portal';
import { get, post } from './http';

export type PortalHome = Static<typeof PortalHomeAnswer>['data'];
export type PortalList = Static<typeof PortalListAnswer>['data'];
export type PortalDetail = Static<typeof PortalDetailAnswer>['data'];
export type PortalSettingView = Static<typeof PortalSettingAnswer>['data'];
export type PortalSettingBody = Static<typeof PortalSetting>;
export type PortalSectionKey = PortalHome['sections'][number]['key'];

/** `GET /api/portal/home?tenantCode=`: sections, their sources and newest items (errors shown by the page). */
export async function getPortalHome(tenantCode: string): Promise<PortalHome> {
  return (await get<{ data: PortalHome }>('/portal/home', { tenantCode }, { isToken: false, silent: true })).data;
}

/** `GET /api/portal/records/{form}`: a page of a source's published items. */
export async function getPortalList(form: string, tenantCode: string, q: { pageNum: number; pageSize: number; lx?: string }): Promise<PortalList> {
  return (await get<{ data: PortalList }>(`/portal/records/${encodeURIComponent(form)}`, { tenantCode, ...q }, { isToken: false, silent: true })).data;
}

/** `GET /api/portal/records/{form}/{id}`: one published item. */
export async function getPortalDetail(form: string, id: string, tenantCode: string): Promise<PortalDetail> {
  return (await get<{ data: PortalDetail }>(`/portal/records/${encodeURIComponent(form)}/${encodeURIComponent(id)}`, { tenantCode }, { isToken: false, silent: true })).data;
}

/** `GET /api/flowable/form/portal/{form}` (flowable:form:query or edit). */
export async function getPortalSetting(form: string): Promise<PortalSettingView> {
  return (await get<{ data: PortalSettingView }>(`/flowable/form/portal/${encodeURIComponent(form)}`)).data;
}

/** `POST /api/flowable/form/portal/{form}` (flowable:form:edit). */
export function savePortalSetting(form: string, body: PortalSettingBody): Promise<{ code: 200; msg: string }> {
  return post(`/flowable/form/portal/${encodeURIComponent(form)}`, body);
}
