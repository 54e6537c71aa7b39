/**
 * A dashboard's panels checked before a save: each names a form of the tenant, fields it has, a
 * measure over a number field and a filter the grammar compiles; compiled, not run. A problem is
 * a 400 naming the panel.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { AuthUser } from '../auth/types.js';
import { badRequest, HttpError } from '../http/HttpError.js';
import { loadModel, userContext } from '../records/services/recordContext.js';
import { compileAggregate } from '../records/query/aggregateQuery.js';
import { compileProgress } from '../records/query/progressQuery.js';
import { isSingleValue } from './panelData.js';
import { systemReader } from '../records/services/dataScope.js';
import type { Panel } from '../../shared/contract/dashboards.js';

/** Throws a 400 for the first panel that cannot be read. */
export async function checkPanels(db: Kysely<Database>, user: AuthUser, panels: Panel[]): Promise<void> {
  const ids = new Set<string>();
  for (const p of panels) {
    if (ids.has(p.id)) throw badRequest(`面板编号重复：${p.id}`);
    ids.add(p.id);
    try {
      const model = await loadModel(db, user.tenantId, p.form);
      const reader = systemReader(user.tenantId);
      const ctx = userContext(user);
      if (p.paramField && !model.main.fields.has(p.paramField) && p.paramField !== 'id') throw badRequest(`页面参数字段不存在：${p.paramField}`);
      // Compiled only, to check the panel; the caller's scope applies when it is read (panelData).
      if (p.kind === 'progress') {
        if (!p.progress) throw badRequest('进度看板须指定名称字段和进度字段或工期');
        compileProgress(model, { ...p.progress, filter: p.filter, limit: 1 }, reader, ctx);
        continue;
      }
      if (p.progress) throw badRequest('只有进度看板可以设置进度字段');
      if (p.gauge && p.kind !== 'gauge') throw badRequest('只有仪表盘面板可以设置刻度');
      if (!isSingleValue(p.kind) && !p.groupBy) throw badRequest('图表须指定分组字段');
      if (p.kind === 'gauge') {
        if (!p.gauge?.max && !p.gauge?.total) throw badRequest('仪表盘面板须指定最大值或对比的合计');
        if (p.gauge.total) compileAggregate(model, { measure: p.gauge.total, filter: p.gauge.total.filter, limit: 1 }, reader, ctx);
      }
      compileAggregate(model, { groupBy: isSingleValue(p.kind) ? undefined : p.groupBy, measure: p.measure, filter: p.filter, limit: 1 }, reader, ctx);
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) throw badRequest(`面板「${p.title}」：${err.message}`);
      throw err;
    }
  }
}
