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
import { systemReader } from '../records/services/dataScope.js';
import type { Panel } from '../../shared/contract/dashboards.js';

/** Throws a 400 for the first panel that cannot be read. */
export async function checkPanels(db: Kysely<Database>, user: AuthUser, panels: Panel[]): Promise<void> {
  const ids = new Set<string>();
  for (const p of panels) {
    if (ids.has(p.id)) throw badRequest(`面板编号重复：${p.id}`);
    ids.add(p.id);
    try {
      if (p.kind !== 'kpi' && !p.groupBy) throw badRequest('图表须指定分组字段');
      const model = await loadModel(db, user.tenantId, p.form);
      // Compiled only, to check the panel; the caller's scope applies when it is read (panelData).
      compileAggregate(model, { groupBy: p.kind === 'kpi' ? undefined : p.groupBy, measure: p.measure, filter: p.filter, limit: 1 }, systemReader(user.tenantId), userContext(user));
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) throw badRequest(`面板「${p.title}」：${err.message}`);
      throw err;
    }
  }
}
