/** The `dashboards` table (migration 180): a tenant's dashboards, each saved with a version. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { Dashboard, Panel } from '../../shared/contract/dashboards.js';

/** What a save writes. */
export interface DashboardInput {
  name: string;
  routeKey: string | null;
  refreshSeconds: number;
  panels: Panel[];
  /** 公开访问: served signed out over the portal's published records (migration 204). */
  isPublic: boolean;
}

const COLUMNS = ['id', 'name', 'route_key', 'refresh_seconds', 'panels', 'is_public', 'version', 'create_by', 'create_time', 'update_by', 'update_time'] as const;

type Row = { id: number; name: string; route_key: string | null; refresh_seconds: number; panels: unknown; is_public: boolean; version: number; create_by: string; create_time: Date; update_by: string; update_time: Date };

function toDashboard(r: Row): Dashboard {
  return {
    id: r.id, name: r.name, routeKey: r.route_key, refreshSeconds: r.refresh_seconds, panels: r.panels as Panel[], isPublic: r.is_public, version: r.version,
    createBy: r.create_by, createTime: new Date(r.create_time).toISOString(), updateBy: r.update_by, updateTime: new Date(r.update_time).toISOString(),
  };
}

/** Every dashboard of the tenant, newest first (no panels: their count). */
export async function listDashboards(db: Kysely<Database>, tenantId: number) {
  const rows = await db.selectFrom('dashboards').select(COLUMNS).where('tenant_id', '=', tenantId).orderBy('id', 'desc').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, routeKey: r.route_key, panelCount: Array.isArray(r.panels) ? r.panels.length : 0, isPublic: r.is_public, version: r.version, updateTime: new Date(r.update_time).toISOString() }));
}

/** One dashboard of the tenant by id. */
export async function findDashboard(db: Kysely<Database>, tenantId: number, id: number): Promise<Dashboard | undefined> {
  const r = await db.selectFrom('dashboards').select(COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return r ? toDashboard(r) : undefined;
}

/** One dashboard of the tenant by its page path key. */
export async function findDashboardByKey(db: Kysely<Database>, tenantId: number, key: string): Promise<Dashboard | undefined> {
  const r = await db.selectFrom('dashboards').select(COLUMNS).where('tenant_id', '=', tenantId).where('route_key', '=', key).executeTakeFirst();
  return r ? toDashboard(r) : undefined;
}

/** The tenant's dashboard at page key `key` when it is marked public; undefined otherwise (missing and private are the same to a visitor). */
export async function findPublicDashboard(db: Kysely<Database>, tenantId: number, key: string): Promise<Dashboard | undefined> {
  const r = await db.selectFrom('dashboards').select(COLUMNS).where('tenant_id', '=', tenantId).where('route_key', '=', key).where('is_public', '=', true).executeTakeFirst();
  return r ? toDashboard(r) : undefined;
}

/** The id of the tenant's dashboard holding `key`, if any. */
export async function dashboardIdByKey(db: Kysely<Database>, tenantId: number, key: string): Promise<number | undefined> {
  return (await db.selectFrom('dashboards').select('id').where('tenant_id', '=', tenantId).where('route_key', '=', key).executeTakeFirst())?.id;
}

/** Inserts a dashboard; answers its id. */
export async function insertDashboard(db: Kysely<Database>, tenantId: number, d: DashboardInput, by: string): Promise<number> {
  const r = await db.insertInto('dashboards').values({
    tenant_id: tenantId, name: d.name, route_key: d.routeKey, refresh_seconds: d.refreshSeconds, panels: JSON.stringify(d.panels), is_public: d.isPublic, create_by: by, update_by: by,
  }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Saves over version `version`; false when the row is gone or was saved since (stale). */
export async function updateDashboard(db: Kysely<Database>, tenantId: number, id: number, version: number, d: DashboardInput, by: string): Promise<boolean> {
  const r = await db.updateTable('dashboards').set((eb) => ({
    name: d.name, route_key: d.routeKey, refresh_seconds: d.refreshSeconds, panels: JSON.stringify(d.panels), is_public: d.isPublic,
    version: eb('version', '+', 1), update_by: by, update_time: new Date(),
  })).where('tenant_id', '=', tenantId).where('id', '=', id).where('version', '=', version).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Deletes the tenant's dashboards among `ids`; answers how many went. */
export async function deleteDashboards(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number> {
  const r = await db.deleteFrom('dashboards').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}
