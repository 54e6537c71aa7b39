/**
 * Seed step: the management cockpit 管理驾驶舱 (`/guanlijiashicang`, spec 02 §2.2) and the named
 * statistics pages (namedDashboards.ts) of every tenant, dashboards over the demo forms
 * (contracts, payments, purchases, projects). A tenant that already holds a key keeps its own
 * (an administrator's edits are never overwritten); panels over a form or a grouping field the
 * tenant lacks are left out, and a dashboard left without panels is not added. Migration 178 runs the same for
 * databases seeded before the named pages existed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { SeedStep } from '../services/seed/types.js';
import { findFormByName } from '../records/repositories/formDefinitions.js';
import { dashboardIdByKey, insertDashboard } from './dashboardRepository.js';
import { NAMED_DASHBOARDS, type NamedDashboard } from './namedDashboards.js';
import type { Panel } from '../../shared/contract/dashboards.js';

/** The cockpit's page path. */
export const COCKPIT_KEY = 'guanlijiashicang';

/** The cockpit's panels. */
export const COCKPIT_PANELS: Panel[] = [
  { id: 'contract-count', title: '合同总数', kind: 'kpi', form: 'contract_ledger', measure: { op: 'count' }, span: 6 },
  { id: 'contract-amount', title: '合同总额（元）', kind: 'kpi', form: 'contract_ledger', measure: { op: 'sum', field: 'amount' }, span: 6 },
  { id: 'purchase-budget', title: '采购预算合计（元）', kind: 'kpi', form: 'purchase_request', measure: { op: 'sum', field: 'est_amount' }, span: 6 },
  { id: 'wbs-building', title: '在建工程节点', kind: 'kpi', form: 'project_wbs', measure: { op: 'count' }, filter: "${state} == 'building'", span: 6 },
  { id: 'contract-by-type', title: '各类合同金额', kind: 'bar', form: 'contract_ledger', groupBy: { field: 'contract_type' }, measure: { op: 'sum', field: 'amount' }, span: 12 },
  { id: 'purchase-urgency', title: '采购申请紧急程度', kind: 'pie', form: 'purchase_request', groupBy: { field: 'urgency' }, measure: { op: 'count' }, span: 12 },
  { id: 'contract-by-month', title: '合同签订趋势（按月）', kind: 'line', form: 'contract_ledger', groupBy: { field: 'sign_date', bucket: 'month' }, measure: { op: 'count' }, span: 12 },
  { id: 'unpaid-by-type', title: '各类合同未付金额', kind: 'bar', form: 'contract_payment_view', groupBy: { field: 'contract_type' }, measure: { op: 'sum', field: 'unpaid_amount' }, span: 12 },
  { id: 'contract-by-region', title: '各省合同金额', kind: 'map', form: 'contract_ledger', groupBy: { field: 'region' }, measure: { op: 'sum', field: 'amount' }, limit: 40, span: 24 },
  { id: 'wbs-by-state', title: '工程节点状态与预算（万元）', kind: 'table', form: 'project_wbs', groupBy: { field: 'state' }, measure: { op: 'sum', field: 'budget' }, span: 24 },
];

/** Every dashboard shipped with the demo: the cockpit first, then the named pages. */
export const SHIPPED_DASHBOARDS: NamedDashboard[] = [{ key: COCKPIT_KEY, name: '管理驾驶舱', panels: COCKPIT_PANELS }, ...NAMED_DASHBOARDS];

/** Adds the shipped dashboards the tenant lacks (by page key); answers the names added. */
export async function addShippedDashboards(db: Kysely<Database>, tenantId: number): Promise<string[]> {
  const added: string[] = [];
  // Each form's field names, or null when the tenant lacks the form.
  const forms = new Map<string, Set<string> | null>();
  const fieldsOf = async (name: string) => {
    if (!forms.has(name)) {
      const row = await findFormByName(db, tenantId, name);
      forms.set(name, row ? new Set(row.definition.fields.map((f) => f.enName)) : null);
    }
    return forms.get(name)!;
  };
  // A panel grouping by a field its form lacks (所在省份 of a 合同台账 seeded before the map) is left out.
  const readable = async (p: Panel) => {
    const fields = await fieldsOf(p.form);
    return !!fields && (!p.groupBy || fields.has(p.groupBy.field));
  };
  for (const d of SHIPPED_DASHBOARDS) {
    if ((await dashboardIdByKey(db, tenantId, d.key)) !== undefined) continue;
    const panels: Panel[] = [];
    for (const p of d.panels) if (await readable(p)) panels.push(p);
    if (!panels.length) continue;
    await insertDashboard(db, tenantId, { name: d.name, routeKey: d.key, refreshSeconds: 60, panels, isPublic: false }, 'admin');
    added.push(d.name);
  }
  return added;
}

export const seedDemoDashboards: SeedStep = {
  name: 'demo-dashboards',
  async run({ db, tenants, log }) {
    for (const t of tenants) {
      const added = await addShippedDashboards(db, t.id);
      if (added.length) log(`dashboards ${added.join('、')} for tenant ${t.code}`);
    }
  },
};
