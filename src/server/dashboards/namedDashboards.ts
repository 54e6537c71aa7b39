/**
 * The named statistics pages of spec 02 §2.2–2.3 as dashboards shipped with the demo, each
 * over the demo forms (合同台账, 合同付款汇总, 工程分解结构, 采购申请, 发票台账) and opened by its
 * page key (`GET /api/dashboard/key/{key}`). Amounts of 工程分解结构 are in 万元 (its unit), the
 * others in 元. The cockpit (管理驾驶舱) is in seedDemoDashboards.ts.
 */
import type { Panel } from '../../shared/contract/dashboards.js';

/** A shipped dashboard: its page key, name and panels. */
export interface NamedDashboard { key: string; name: string; panels: Panel[] }

const CONTRACTS = 'contract_ledger';
const PAYMENTS = 'contract_payment_view';
const WBS = 'project_wbs';
const PURCHASES = 'purchase_request';
const INVOICES = 'auto_fptz';
const count = { op: 'count' } as const;
const sum = (field: string) => ({ op: 'sum', field }) as const;
const PROJECTS_ONLY = "${node_type} == 'project'";

/** Progress bars of the WBS nodes: 形象进度 against the time elapsed of 计划工期. */
const wbsBoard = (p: Partial<Panel> & Pick<Panel, 'id' | 'title'>): Panel => ({
  kind: 'progress', form: WBS, measure: count, span: 24, progress: { label: 'node_name', percent: 'progress', period: 'plan_period', group: 'node_type' }, ...p,
});

export const NAMED_DASHBOARDS: NamedDashboard[] = [
  {
    key: 'investment-statistics',
    name: '投资统计',
    panels: [
      { id: 'project-budget', title: '项目总投资（万元）', kind: 'kpi', form: WBS, measure: sum('budget'), filter: PROJECTS_ONLY },
      { id: 'node-count', title: '工程节点数', kind: 'kpi', form: WBS, measure: count },
      { id: 'contract-amount', title: '合同签约总额（元）', kind: 'kpi', form: CONTRACTS, measure: sum('amount') },
      { id: 'purchase-budget', title: '采购预算合计（元）', kind: 'kpi', form: PURCHASES, measure: sum('est_amount') },
      { id: 'budget-by-type', title: '各层级节点预算（万元）', kind: 'bar', form: WBS, groupBy: { field: 'node_type' }, measure: sum('budget') },
      { id: 'budget-by-state', title: '投资状态分布（万元）', kind: 'pie', form: WBS, groupBy: { field: 'state' }, measure: sum('budget') },
      { id: 'contract-trend', title: '合同签约金额趋势（按月）', kind: 'line', form: CONTRACTS, groupBy: { field: 'sign_date', bucket: 'month' }, measure: sum('amount') },
      { id: 'done-share', title: '竣工节点占比', kind: 'gauge', form: WBS, measure: count, filter: "${state} == 'done'", gauge: { total: count } },
      { id: 'contract-by-project', title: '各项目合同金额', kind: 'table', form: CONTRACTS, groupBy: { field: 'project' }, measure: sum('amount'), span: 24 },
    ],
  },
  {
    key: 'report-statistics',
    name: '报表统计',
    panels: [
      { id: 'invoice-count', title: '发票张数', kind: 'kpi', form: INVOICES, measure: count },
      { id: 'invoice-total', title: '价税合计（元）', kind: 'kpi', form: INVOICES, measure: sum('total') },
      { id: 'invoice-tax', title: '税额合计（元）', kind: 'kpi', form: INVOICES, measure: sum('tax') },
      { id: 'purchase-count', title: '采购申请数', kind: 'kpi', form: PURCHASES, measure: count },
      { id: 'invoice-by-type', title: '各类发票金额', kind: 'bar', form: INVOICES, groupBy: { field: 'invoice_type' }, measure: sum('total') },
      { id: 'invoice-auth', title: '发票认证状态', kind: 'pie', form: INVOICES, groupBy: { field: 'auth_status' }, measure: count },
      { id: 'invoice-trend', title: '开票金额趋势（按月）', kind: 'line', form: INVOICES, groupBy: { field: 'invoice_date', bucket: 'month' }, measure: sum('total') },
      { id: 'purchase-urgency', title: '采购申请紧急程度', kind: 'funnel', form: PURCHASES, groupBy: { field: 'urgency' }, measure: count },
      { id: 'invoice-by-seller', title: '各销售方开票金额', kind: 'table', form: INVOICES, groupBy: { field: 'seller' }, measure: sum('total'), span: 24 },
    ],
  },
  {
    key: 'payment-statistics',
    name: '付款统计',
    panels: [
      { id: 'amount', title: '合同总额（元）', kind: 'kpi', form: PAYMENTS, measure: sum('amount') },
      { id: 'paid', title: '已付金额（元）', kind: 'kpi', form: PAYMENTS, measure: sum('paid_amount') },
      { id: 'unpaid', title: '未付金额（元）', kind: 'kpi', form: PAYMENTS, measure: sum('unpaid_amount') },
      { id: 'unpaid-count', title: '未付清合同数', kind: 'kpi', form: PAYMENTS, measure: count, filter: '${unpaid_amount} > 0' },
      { id: 'paid-rate', title: '付款完成率', kind: 'gauge', form: PAYMENTS, measure: sum('paid_amount'), gauge: { total: sum('amount') } },
      { id: 'paid-by-type', title: '各类合同已付金额', kind: 'bar', form: PAYMENTS, groupBy: { field: 'contract_type' }, measure: sum('paid_amount') },
      { id: 'unpaid-by-type', title: '各类合同未付金额', kind: 'pie', form: PAYMENTS, groupBy: { field: 'contract_type' }, measure: sum('unpaid_amount') },
      { id: 'paid-trend', title: '最近付款（按月）', kind: 'line', form: PAYMENTS, groupBy: { field: 'last_pay_date', bucket: 'month' }, measure: sum('paid_amount') },
      { id: 'unpaid-by-party', title: '各乙方单位未付金额', kind: 'table', form: PAYMENTS, groupBy: { field: 'party_b' }, measure: sum('unpaid_amount'), span: 24 },
    ],
  },
  {
    key: 'company-overview',
    name: '公司概况',
    panels: [
      { id: 'projects', title: '建设项目', kind: 'kpi', form: WBS, measure: count, filter: PROJECTS_ONLY },
      { id: 'contracts', title: '合同数', kind: 'kpi', form: CONTRACTS, measure: count },
      { id: 'contract-amount', title: '合同总额（元）', kind: 'kpi', form: CONTRACTS, measure: sum('amount') },
      { id: 'invoice-total', title: '收票价税合计（元）', kind: 'kpi', form: INVOICES, measure: sum('total') },
      { id: 'contract-by-dept', title: '各部门承办合同金额', kind: 'bar', form: CONTRACTS, groupBy: { field: 'dept' }, measure: sum('amount') },
      { id: 'contract-by-type', title: '合同类型构成', kind: 'pie', form: CONTRACTS, groupBy: { field: 'contract_type' }, measure: count },
      wbsBoard({ id: 'projects-progress', title: '项目进度', filter: PROJECTS_ONLY, link: '/xmjdkb/{id}' }),
    ],
  },
  {
    key: 'company-overview-temporary',
    name: '公司概况（临时）',
    panels: [
      { id: 'projects', title: '建设项目', kind: 'kpi', form: WBS, measure: count, filter: PROJECTS_ONLY, span: 8 },
      { id: 'contracts', title: '合同数', kind: 'kpi', form: CONTRACTS, measure: count, span: 8 },
      { id: 'purchases', title: '采购申请数', kind: 'kpi', form: PURCHASES, measure: count, span: 8 },
      { id: 'contract-by-type', title: '各类合同金额', kind: 'table', form: CONTRACTS, groupBy: { field: 'contract_type' }, measure: sum('amount') },
      { id: 'wbs-by-state', title: '工程节点状态', kind: 'table', form: WBS, groupBy: { field: 'state' }, measure: count },
    ],
  },
  {
    key: 'company-overview-temporaryecharts',
    name: '公司概况（图表）',
    panels: [
      { id: 'paid-rate', title: '付款完成率', kind: 'gauge', form: PAYMENTS, measure: sum('paid_amount'), gauge: { total: sum('amount') }, span: 8 },
      { id: 'avg-progress', title: '平均形象进度', kind: 'gauge', form: WBS, measure: { op: 'avg', field: 'progress' }, gauge: { max: 100 }, span: 8 },
      { id: 'done-share', title: '竣工节点占比', kind: 'gauge', form: WBS, measure: count, filter: "${state} == 'done'", gauge: { total: count }, span: 8 },
      { id: 'contract-by-type', title: '各类合同金额', kind: 'bar', form: CONTRACTS, groupBy: { field: 'contract_type' }, measure: sum('amount') },
      { id: 'wbs-funnel', title: '工程节点推进', kind: 'funnel', form: WBS, groupBy: { field: 'state' }, measure: count },
      { id: 'contract-trend', title: '合同签订趋势（按月）', kind: 'line', form: CONTRACTS, groupBy: { field: 'sign_date', bucket: 'month' }, measure: count, span: 24 },
    ],
  },
  {
    key: 'jiaojian',
    name: '交建驾驶舱',
    panels: [
      { id: 'project-budget', title: '项目总投资（万元）', kind: 'kpi', form: WBS, measure: sum('budget'), filter: PROJECTS_ONLY },
      { id: 'building', title: '在建节点', kind: 'kpi', form: WBS, measure: count, filter: "${state} == 'building'" },
      { id: 'contract-amount', title: '合同总额（元）', kind: 'kpi', form: CONTRACTS, measure: sum('amount') },
      { id: 'unpaid', title: '未付金额（元）', kind: 'kpi', form: PAYMENTS, measure: sum('unpaid_amount') },
      { id: 'paid-rate', title: '付款完成率', kind: 'gauge', form: PAYMENTS, measure: sum('paid_amount'), gauge: { total: sum('amount') }, span: 8 },
      { id: 'state', title: '工程节点状态', kind: 'pie', form: WBS, groupBy: { field: 'state' }, measure: count, span: 8 },
      { id: 'urgency', title: '采购紧急程度', kind: 'funnel', form: PURCHASES, groupBy: { field: 'urgency' }, measure: count, span: 8 },
      wbsBoard({ id: 'projects-progress', title: '项目进度', filter: PROJECTS_ONLY, link: '/xmjdkb/{id}' }),
    ],
  },
  {
    key: 'jiaojian-bi',
    name: '交建BI分析',
    panels: [
      { id: 'contract-trend', title: '合同签约金额（按月）', kind: 'line', form: CONTRACTS, groupBy: { field: 'sign_date', bucket: 'month' }, measure: sum('amount') },
      { id: 'purchase-trend', title: '采购需求金额（按月）', kind: 'line', form: PURCHASES, groupBy: { field: 'need_date', bucket: 'month' }, measure: sum('est_amount') },
      { id: 'contract-type', title: '合同类型漏斗', kind: 'funnel', form: CONTRACTS, groupBy: { field: 'contract_type' }, measure: sum('amount') },
      { id: 'tax-rate', title: '合同税率分布', kind: 'pie', form: CONTRACTS, groupBy: { field: 'tax_rate' }, measure: count },
      { id: 'avg-contract', title: '各类合同平均金额', kind: 'bar', form: CONTRACTS, groupBy: { field: 'contract_type' }, measure: { op: 'avg', field: 'amount' } },
      { id: 'max-purchase', title: '各紧急程度最大采购预算', kind: 'bar', form: PURCHASES, groupBy: { field: 'urgency' }, measure: { op: 'max', field: 'est_amount' } },
    ],
  },
  {
    key: 'jiaojian-dept',
    name: '交建部门统计',
    panels: [
      { id: 'contract-by-dept', title: '各部门承办合同金额', kind: 'bar', form: CONTRACTS, groupBy: { field: 'dept' }, measure: sum('amount') },
      { id: 'purchase-by-dept', title: '各部门采购预算', kind: 'bar', form: PURCHASES, groupBy: { field: 'apply_dept' }, measure: sum('est_amount') },
      { id: 'contract-count-by-dept', title: '各部门合同数', kind: 'pie', form: CONTRACTS, groupBy: { field: 'dept' }, measure: count },
      { id: 'wbs-by-leader', title: '负责人工程节点数', kind: 'bar', form: WBS, groupBy: { field: 'leader' }, measure: count },
      { id: 'contract-by-manager', title: '各项目经理合同金额', kind: 'table', form: CONTRACTS, groupBy: { field: 'manager' }, measure: sum('amount'), span: 24 },
    ],
  },
  {
    key: 'jiaojian-scgl',
    name: '交建生产管理',
    panels: [
      { id: 'avg-progress', title: '平均形象进度', kind: 'gauge', form: WBS, measure: { op: 'avg', field: 'progress' }, gauge: { max: 100 }, span: 8 },
      { id: 'state', title: '节点状态', kind: 'funnel', form: WBS, groupBy: { field: 'state' }, measure: count, span: 8 },
      { id: 'budget-by-state', title: '各状态预算（万元）', kind: 'bar', form: WBS, groupBy: { field: 'state' }, measure: sum('budget'), span: 8 },
      wbsBoard({ id: 'wbs-progress', title: '工程节点进度', limit: 50 }),
    ],
  },
  {
    key: 'xmjdkb',
    name: '项目进度看板',
    panels: [
      { id: 'projects', title: '建设项目', kind: 'kpi', form: WBS, measure: count, filter: PROJECTS_ONLY, span: 8 },
      { id: 'avg-progress', title: '项目平均形象进度', kind: 'gauge', form: WBS, measure: { op: 'avg', field: 'progress' }, filter: PROJECTS_ONLY, gauge: { max: 100 }, span: 8 },
      { id: 'budget', title: '项目总投资（万元）', kind: 'kpi', form: WBS, measure: sum('budget'), filter: PROJECTS_ONLY, span: 8 },
      wbsBoard({ id: 'projects-progress', title: '项目进度（点击查看项目看板）', filter: PROJECTS_ONLY, link: '/xmjdkb/{id}' }),
      wbsBoard({ id: 'nodes-progress', title: '各层级节点进度', filter: "${node_type} != 'project'", limit: 50 }),
    ],
  },
  {
    // /xmjdkb/{id}: one project (工程分解结构 record id) — its own bar, and the contracts of 所属项目.
    key: 'xmjdkb-detail',
    name: '项目看板',
    panels: [
      wbsBoard({ id: 'project', title: '项目进度', paramField: 'id' }),
      { id: 'contracts', title: '项目合同数', kind: 'kpi', form: CONTRACTS, measure: count, paramField: 'project', span: 8 },
      { id: 'contract-amount', title: '项目合同金额（元）', kind: 'kpi', form: CONTRACTS, measure: sum('amount'), paramField: 'project', span: 8 },
      { id: 'project-budget', title: '项目预算（万元）', kind: 'kpi', form: WBS, measure: sum('budget'), paramField: 'id', span: 8 },
      { id: 'contract-by-type', title: '项目各类合同金额', kind: 'bar', form: CONTRACTS, groupBy: { field: 'contract_type' }, measure: sum('amount'), paramField: 'project' },
      { id: 'contract-by-party', title: '项目合同乙方', kind: 'table', form: CONTRACTS, groupBy: { field: 'party_b' }, measure: sum('amount'), paramField: 'project' },
    ],
  },
  {
    key: 'view-app-report',
    name: '移动报表',
    panels: [
      { id: 'contract-amount', title: '合同总额（元）', kind: 'kpi', form: CONTRACTS, measure: sum('amount'), span: 12 },
      { id: 'paid-rate', title: '付款完成率', kind: 'gauge', form: PAYMENTS, measure: sum('paid_amount'), gauge: { total: sum('amount') }, span: 12 },
      { id: 'contract-by-type', title: '各类合同金额', kind: 'table', form: CONTRACTS, groupBy: { field: 'contract_type' }, measure: sum('amount'), span: 24 },
      { id: 'wbs-by-state', title: '工程节点状态', kind: 'table', form: WBS, groupBy: { field: 'state' }, measure: count, span: 24 },
    ],
  },
];
