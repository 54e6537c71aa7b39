/** Dashboards and their data (docs/api-dashboards.md); the types are the contract's (src/shared/contract/dashboards.ts). */
import type { Static } from 'typebox';
import type { Dashboard, Panel, PanelData, PublicDashboardAnswer } from '../../shared/contract/dashboards';
import { get, post } from './http';
import type { DataResponse } from './types';

export type { Dashboard, Panel, PanelData };

/** A dashboard of the administration list. */
export interface DashboardSummary { id: number; name: string; routeKey: string | null; panelCount: number; isPublic: boolean; version: number; updateTime: string }

/** What the builder saves: a dashboard's own fields, with its id and version once stored. */
export interface DashboardInput { id?: number; version?: number; name: string; routeKey: string | null; refreshSeconds: number; panels: Panel[]; isPublic: boolean }

/** `GET /api/dashboard/list`. */
export async function listDashboards(): Promise<DashboardSummary[]> {
  return (await get<{ rows: DashboardSummary[] }>('/dashboard/list')).rows;
}

/** `GET /api/dashboard/{id}`. */
export async function getDashboard(id: number): Promise<Dashboard> {
  return (await get<DataResponse<Dashboard>>(`/dashboard/${id}`)).data;
}

/** `GET /api/dashboard/key/{key}`: a shipped dashboard by its page path (the cockpit). */
export async function getDashboardByKey(key: string): Promise<Dashboard> {
  return (await get<DataResponse<Dashboard>>(`/dashboard/key/${encodeURIComponent(key)}`)).data;
}

/** `GET /api/dashboard/{id}/data`: every panel's series (or its refusal); `param` narrows the panels with a `paramField` (`/xmjdkb/{id}`). */
export async function getDashboardData(id: number, param?: string): Promise<PanelData[]> {
  const q = param ? `?param=${encodeURIComponent(param)}` : '';
  return (await get<DataResponse<{ panels: PanelData[] }>>(`/dashboard/${id}/data${q}`)).data.panels;
}

/** A public dashboard as a visitor reads it: name, panels and their data over published records. */
export type PublicDashboard = Static<typeof PublicDashboardAnswer>['data'];

/** `GET /api/public/dashboard/{key}?tenantCode=`: a dashboard marked 公开访问, without a token (errors shown by the page). */
export async function getPublicDashboard(key: string, tenantCode: string): Promise<PublicDashboard> {
  return (await get<{ data: PublicDashboard }>(`/public/dashboard/${encodeURIComponent(key)}`, { tenantCode }, { isToken: false, silent: true })).data;
}

/** `POST /api/dashboard/preview`: one unsaved panel's data. */
export async function previewPanel(panel: Panel): Promise<PanelData> {
  return (await post<DataResponse<PanelData>>('/dashboard/preview', { panel })).data;
}

/** `POST /api/dashboard` or `/edit`; answers the id. */
export async function saveDashboard(d: DashboardInput): Promise<number> {
  const body = { name: d.name, routeKey: d.routeKey, refreshSeconds: d.refreshSeconds, panels: d.panels, isPublic: d.isPublic };
  if (d.id) {
    await post('/dashboard/edit', { id: d.id, version: d.version, ...body });
    return d.id;
  }
  return (await post<DataResponse<{ id: number }>>('/dashboard', body)).data.id;
}

/** `POST /api/dashboard/delete`. */
export function deleteDashboards(ids: number[]): Promise<unknown> {
  return post('/dashboard/delete', ids);
}
