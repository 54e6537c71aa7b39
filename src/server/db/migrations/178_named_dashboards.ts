/**
 * Issue 33: the named statistics pages (投资统计, 报表统计, 付款统计, 公司概况 and its variants, the
 * 交建 pages, 项目进度看板, 移动报表; src/server/dashboards/namedDashboards.ts) for every tenant
 * seeded before they existed, as the seed step `demo-dashboards` now adds them. A tenant that
 * already has a dashboard at a page key keeps it (an administrator's edits stay); panels over a
 * form the tenant lacks are left out. Numbered below 180 (the dashboards table): on a new
 * database it runs first and finds no table, and the seed adds the pages.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';
import { addShippedDashboards } from '../../dashboards/seedDemoDashboards.js';

export const m178NamedDashboards: Migration = {
  id: 178,
  name: 'named_dashboards',
  async up(db) {
    const table = await sql<{ t: string | null }>`SELECT to_regclass('dashboards')::text AS t`.execute(db);
    if (!table.rows[0]?.t) return;
    const tenants = await sql<{ id: number }>`SELECT id FROM tenants ORDER BY id`.execute(db);
    for (const t of tenants.rows) await addShippedDashboards(db, Number(t.id));
  },
};
