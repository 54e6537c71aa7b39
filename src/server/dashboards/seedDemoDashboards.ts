/**
 * Seed step: the management cockpit 管理驾驶舱 (`/guanlijiashicang`, spec 02 §2.2) of every
 * tenant, a dashboard over the demo forms (contracts, payments, purchases, projects). A tenant
 * that already holds the key keeps its own; panels over a form the tenant lacks are left out.
 */
import type { SeedStep } from '../services/seed/types.js';
import { findFormByName } from '../records/repositories/formDefinitions.js';
import { dashboardIdByKey, insertDashboard } from './dashboardRepository.js';
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
  { id: 'wbs-by-state', title: '工程节点状态与预算（万元）', kind: 'table', form: 'project_wbs', groupBy: { field: 'state' }, measure: { op: 'sum', field: 'budget' }, span: 24 },
];

export const seedDemoDashboards: SeedStep = {
  name: 'demo-dashboards',
  async run({ db, tenants, log }) {
    for (const t of tenants) {
      if ((await dashboardIdByKey(db, t.id, COCKPIT_KEY)) !== undefined) continue;
      const panels: Panel[] = [];
      for (const p of COCKPIT_PANELS) if (await findFormByName(db, t.id, p.form)) panels.push(p);
      if (!panels.length) continue;
      await insertDashboard(db, t.id, { name: '管理驾驶舱', routeKey: COCKPIT_KEY, refreshSeconds: 60, panels }, 'admin');
      log(`dashboard 管理驾驶舱 for tenant ${t.code}`);
    }
  },
};
