/** Dashboards and their data (docs/api-dashboards.md); the types are the contract's (src/shared/contract/dashboards.ts). */
import type { Dashboard, Panel, PanelData } from '../../shared/contract/dashboards';
import { get, post } from './http';
import type { DataResponse } from './types';

export type { Dashboard, Panel, PanelData };

/** A dashboard of the administration list. */
export interface DashboardSummary { id: number; name: string; routeKey: string | null; panelCount: number; version: number; updateTime: string }

/** What the builder saves: a dashboard's own fields, with its id and version once stored. */
export interface DashboardInput { id?: number; version?: number; name: string; routeKey: string | null; refreshSeconds: number; panels: Panel[] }

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

/** `POST /api/dashboard/preview`: one unsaved panel's data. */
export async function previewPanel(panel: Panel): Promise<PanelData> {
  return (await post<DataResponse<PanelData>>('/dashboard/preview', { panel })).data;
}

/** `POST /api/dashboard` or `/edit`; answers the id. */
export async function saveDashboard(d: DashboardInput): Promise<number> {
  const body = { name: d.name, routeKey: d.routeKey, refreshSeconds: d.refreshSeconds, panels: d.panels };
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
