/**
 * The data of a dashboard's panels for the caller. Each panel is read as the form's list would
 * be: the caller's tenant, the list permission of its form (`auto:{form}:query` or `list:root`;
 * without it that panel alone answers 403, an unknown form 404), the list's WHERE with the caller's
 * data scope, then the
 * panel's grouping and measure (records/query/aggregateQuery.ts).
 */
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/types.js';
import type { AuthUser } from '../auth/types.js';
import { HttpError } from '../http/HttpError.js';
import { requireFormQuery } from '../records/services/formPermissions.js';
import { userContext, withReadModel } from '../records/services/recordContext.js';
import { runAggregate, runProgress } from '../records/repositories/aggregates.js';
import { compileAggregate } from '../records/query/aggregateQuery.js';
import { keptCountRows } from '../records/repositories/keptCounts.js';
import { readerOf } from '../records/services/dataScope.js';
import type { Reader } from '../records/query/rowScope.js';
import type { FormModel } from '../records/query/formModel.js';
import type { UserContext } from '../../../schema-adapters/definition/types.js';
import { groupPoints, measureValue } from './groupPoints.js';
import { progressItems } from './progressItems.js';
import type { Panel, PanelData } from '../../shared/contract/dashboards.js';

const OP_NAMES = { count: '数量', sum: '合计', avg: '平均', min: '最小', max: '最大' } as const;
const BUCKET_NAMES = { day: '日', month: '月', year: '年' } as const;

/**
 * Whether a panel shows the date buckets without records as 0: a count or a sum of nothing is 0
 * (an average, minimum or maximum of nothing is no number: those stay out); a pie draws no slice
 * of nothing, and a map leaves a province without records uncoloured.
 */
const zeroFills = (panel: Panel) => (panel.measure.op === 'count' || panel.measure.op === 'sum') && panel.kind !== 'pie' && panel.kind !== 'funnel' && panel.kind !== 'map';

/** Panels showing one number (no groups). */
export const isSingleValue = (kind: Panel['kind']) => kind === 'kpi' || kind === 'gauge';

/** A panel's records on a page with a parameter: the list's `initFilter` `{paramField: param}`. */
export function panelScope(panel: Panel, param: string | undefined): Record<string, unknown> | undefined {
  return panel.paramField && param !== undefined && param !== '' ? { [panel.paramField]: param } : undefined;
}

/** Today as the server's calendar has it (YYYY-MM-DD), for a board's time elapsed. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Groups a panel shows when it names no limit. */
export const DEFAULT_GROUPS = 20;

/**
 * Databases a read uses: definitions from `db`, rows from `readDb` (a replica when configured);
 * `concurrency`: panels read at once by `dashboardData` (PostgreSQL's pool; 1, the default, on
 * PGlite's single connection).
 */
export interface PanelDbs { db: Kysely<Database>; readDb: Kysely<Database>; concurrency?: number }

/** Who reads a panel: the rows (reader), the filter's `#{…}` values, and a further row condition (a public dashboard's published rule). */
export interface PanelAccess { reader: Reader; ctx: UserContext; restrict?: RawBuilder<unknown> }

/** One panel's answer over `model` for `access`; a panel that cannot be read throws its 4xx. */
export async function panelOverModel(dbs: PanelDbs, model: FormModel, panel: Panel, param: string | undefined, access: PanelAccess): Promise<PanelData> {
  const base = { id: panel.id, form: panel.form };
  const { reader, ctx, restrict } = access;
  const single = isSingleValue(panel.kind);
  const scope = panelScope(panel, param);
  const spec = { groupBy: single ? undefined : panel.groupBy, measure: panel.measure, filter: panel.filter, limit: panel.limit ?? DEFAULT_GROUPS, scope, restrict };
  if (panel.kind === 'progress') {
    if (!panel.progress) throw new HttpError(400, '进度看板须指定名称字段和进度字段或工期');
    const { compiled, rows } = await runProgress(dbs.readDb, model, { ...panel.progress, filter: panel.filter, scope, limit: spec.limit, restrict }, reader, ctx);
    const groupLabel = panel.progress.group ? model.main.fields.get(panel.progress.group)?.def.label || panel.progress.group : undefined;
    return { ...base, status: 200, ...(groupLabel ? { groupLabel } : {}), items: progressItems(compiled, rows, today()) };
  }
  if (!single && !spec.groupBy) throw new HttpError(400, '图表须指定分组字段');
  if (panel.kind === 'gauge' && !panel.gauge?.max && !panel.gauge?.total) throw new HttpError(400, '仪表盘面板须指定最大值或对比的合计');
  const compiled = compileAggregate(model, spec, reader, ctx);
  // A count over every row (by a select/radio option, or none) is read from the counts kept on write (ADR 1075).
  const rows = (await keptCountRows(dbs.readDb, model, spec, reader)) ?? (await compiled.query.execute(dbs.readDb)).rows;
  const labelOf = (name?: string) => (name ? model.main.fields.get(name)?.def.label || name : '');
  const measureLabel = panel.measure.op === 'count' ? '数量' : `${labelOf(panel.measure.field)}${OP_NAMES[panel.measure.op]}`;
  if (panel.kind === 'gauge') {
    const value = measureValue(rows[0]?.v);
    let max = panel.gauge?.max ?? 0;
    if (panel.gauge?.total) {
      const total = await runAggregate(dbs.readDb, model, { measure: panel.gauge.total, filter: panel.gauge.total.filter, limit: 1, scope, restrict }, reader, ctx);
      max = measureValue(total.rows[0]?.v);
    }
    return { ...base, status: 200, measureLabel, value, max, percent: max > 0 ? Math.round((value / max) * 1000) / 10 : 0 };
  }
  if (!spec.groupBy) return { ...base, status: 200, measureLabel, value: measureValue(rows[0]?.v) };
  const groupLabel = `${labelOf(spec.groupBy.field)}${spec.groupBy.bucket ? `（按${BUCKET_NAMES[spec.groupBy.bucket]}）` : ''}`;
  return { ...base, status: 200, groupLabel, measureLabel, points: groupPoints(compiled, rows, { zeroFill: zeroFills(panel), limit: spec.limit }) };
}

/** A panel's refusal (400/403/404) as its answer's status; anything else is thrown on. */
export function refusedPanel(panel: Panel, err: unknown): PanelData {
  if (err instanceof HttpError && err.status < 500) return { id: panel.id, form: panel.form, status: err.status, msg: err.message };
  throw err;
}

/** One panel's answer for a signed-in caller; a refusal of its form (400/403/404) is that panel's status, not the call's. */
export async function panelData(dbs: PanelDbs, user: AuthUser, panel: Panel, param?: string): Promise<PanelData> {
  try {
    await requireFormQuery(dbs.db, user, panel.form);
    return await withReadModel(dbs.db, user.tenantId, panel.form, async (model) => {
      // The caller's data scope (数据权限) narrows a panel as it narrows the list the panel opens.
      const reader = await readerOf(dbs.db, user, panel.form);
      return panelOverModel(dbs, model, panel, param, { reader, ctx: userContext(user) });
    });
  } catch (err) {
    return refusedPanel(panel, err);
  }
}

/**
 * Every panel's answer, in the panels' order, `dbs.concurrency` at a time (ADR 1075): on
 * PostgreSQL the pool runs several panels' statements at once, so the dashboard costs about its
 * slowest panels rather than their sum; on PGlite one after the other (its single connection
 * serves other requests between them). A dashboard is at most 24 panels.
 */
export async function dashboardData(dbs: PanelDbs, user: AuthUser, panels: Panel[], param?: string): Promise<PanelData[]> {
  const out: PanelData[] = new Array(panels.length);
  let next = 0;
  const worker = async () => {
    while (next < panels.length) {
      const i = next++;
      out[i] = await panelData(dbs, user, panels[i], param);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(dbs.concurrency ?? 1, panels.length)) }, worker));
  return out;
}
