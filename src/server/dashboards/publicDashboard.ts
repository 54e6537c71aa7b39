/**
 * Public dashboards (issue 33; spec 02 §2.2 lists /guanlijiashicang, /investment-statistics,
 * /report-statistics, /payment-statistics and /company-overview as pages without sign-in; ADR
 * 1056). A dashboard an administrator marked 公开访问 is read by a visitor over what the portal
 * publishes and nothing else: each panel's form must be an enabled portal source
 * (public/portal.ts `sourceOf`), every field the panel reads must be one of the source's
 * published fields, and its aggregation runs only over the source's published records (the
 * portal's own condition, `publishedWhere`). A save of a public dashboard refuses any other
 * panel (Chinese 400); a panel that stopped qualifying since (setting changed) is left out of
 * the visitor's answer.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { UserContext } from '../../../schema-adapters/definition/types.js';
import { compileCondition } from '../../../schema-adapters/index.js';
import { badRequest, HttpError, notFound } from '../http/HttpError.js';
import { activeTenant } from '../public/anonymousForms.js';
import { sourceOf, versioned, type OpenSource } from '../public/portal.js';
import { publishedWhere } from '../repositories/portalRepository.js';
import type { TenantRow } from '../repositories/tenantRepository.js';
import { systemReader } from '../records/services/dataScope.js';
import { findPublicDashboard } from './dashboardRepository.js';
import { panelOverModel, refusedPanel, type PanelDbs } from './panelData.js';
import type { Panel, PanelData } from '../../shared/contract/dashboards.js';

export const PUBLIC_DASHBOARD_MESSAGES = {
  missing: '仪表盘不存在或未公开',
  needsKey: '公开的仪表盘须设置页面路径',
  userInFilter: '公开仪表盘的筛选条件不能引用当前用户（#{…}）',
} as const;

/** A visitor has no user: the filter's `#{…}` values are empty (such filters are refused on save anyway). */
const VISITOR: UserContext = { userId: 0, userName: '', nickName: '', deptId: null, roleKeys: [], roleNames: [] };

/** Every field a panel reads: grouping, measures, filters, page parameter and progress bars. */
export function panelFields(p: Panel): string[] {
  const names = [p.groupBy?.field, p.measure.field, p.gauge?.total?.field, p.paramField === 'id' ? undefined : p.paramField];
  if (p.progress) names.push(p.progress.label, p.progress.percent, p.progress.period, p.progress.start, p.progress.end, p.progress.group);
  for (const f of [p.filter, p.gauge?.total?.filter]) if (f?.trim()) names.push(...compileCondition(f).fields);
  return [...new Set(names.filter((n): n is string => !!n))];
}

/** Why `panel` may not be read over `source` publicly, or null when it may. */
function publicRefusal(panel: Panel, source: OpenSource): string | null {
  const published = new Set(source.defs.map((f) => f.enName));
  for (const name of panelFields(panel)) {
    if (published.has(name)) continue;
    const label = source.model.form.definition.fields.find((f) => f.enName === name)?.label ?? name;
    return `字段「${label}」未在门户发布，不能用于公开的仪表盘`;
  }
  if ([panel.filter, panel.gauge?.total?.filter].some((f) => f?.includes('#{'))) return PUBLIC_DASHBOARD_MESSAGES.userInFilter;
  return null;
}

/** The panel's portal source when it qualifies; else the Chinese reason. */
async function openPanel(db: Kysely<Database>, tenant: TenantRow, panel: Panel): Promise<{ source: OpenSource } | { reason: string }> {
  let source: OpenSource;
  try {
    source = await sourceOf(db, tenant, panel.form);
  } catch (err) {
    if (err instanceof HttpError && err.status < 500) return { reason: `表单「${panel.form}」未设置门户发布，不能用于公开的仪表盘` };
    throw err;
  }
  const reason = publicRefusal(panel, source);
  return reason ? { reason } : { source };
}

/**
 * Checks a dashboard about to be saved as public: it has a page path and every panel reads
 * published records and fields only. Throws the 400 naming the first panel that does not.
 */
export async function checkPublicPanels(db: Kysely<Database>, tenant: TenantRow, routeKey: string | null, panels: Panel[]): Promise<void> {
  if (!routeKey) throw badRequest(PUBLIC_DASHBOARD_MESSAGES.needsKey);
  for (const p of panels) {
    const opened = await openPanel(db, tenant, p);
    if ('reason' in opened) throw badRequest(`面板「${p.title}」：${opened.reason}`);
  }
}

/**
 * `GET /api/public/dashboard/{key}?tenantCode=&param=`: the tenant's public dashboard at `key`
 * and its panels' data over published records, with a version for the route's ETag (the
 * dashboard's save and every source's write generation and setting; null: not cacheable).
 */
export async function publicDashboard(dbs: PanelDbs, tenantCode: string | undefined, key: string, param: string | undefined) {
  const tenant = await activeTenant(dbs.db, tenantCode);
  const d = await findPublicDashboard(dbs.db, tenant.id, key);
  if (!d) throw notFound(PUBLIC_DASHBOARD_MESSAGES.missing);
  const open: { panel: Panel; source: OpenSource }[] = [];
  for (const panel of d.panels) {
    const opened = await openPanel(dbs.db, tenant, panel);
    // A panel that stopped qualifying (a source disabled or a field unpublished since the save) is left out.
    if ('source' in opened) open.push({ panel, source: opened.source });
  }
  const sources = [...new Map(open.map((o) => [o.source.model.form.id, o.source])).values()];
  const { data, version } = await versioned(dbs.db, sources, async () => {
    const out: PanelData[] = [];
    for (const { panel, source } of open) {
      try {
        const answer = await panelOverModel(dbs, source.model, panel, param, {
          reader: systemReader(tenant.id), ctx: VISITOR, restrict: publishedWhere(source.filter, 't'),
        });
        // A visitor opens no list: the groups carry no list filter.
        out.push(answer.points ? { ...answer, points: answer.points.map((pt) => ({ ...pt, listFilter: null })) } : answer);
      } catch (err) {
        out.push(refusedPanel(panel, err));
      }
    }
    return out;
  });
  return {
    data: { tenantName: tenant.name, name: d.name, routeKey: key, refreshSeconds: d.refreshSeconds, panels: open.map((o) => o.panel), data },
    version: version === null ? null : `${d.id}:${d.version}:${d.updateTime}|${version}`,
  };
}
