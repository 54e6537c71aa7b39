/** Coherent demo project nodes (工程分解结构) and purchase requests (采购申请). */
import { intBetween, pickOf, userWithDept, type ShapeContext } from './shapeContext.js';
import { cents, dayAfter } from './sampleFormats.js';

const PROJECTS = ['城北综合管廊', '滨江大道改造', '地铁三号线站房'];
const UNITS = ['1#楼', '2#楼', '地下车库', '配套用房'];
const DIVISIONS = ['地基与基础', '主体结构', '建筑装饰装修', '给排水及采暖'];
const ITEMS = ['钢筋工程', '模板工程', '混凝土工程', '防水工程'];

type NodeType = 'project' | 'unit' | 'division' | 'item';
// Budgets in 万元 (the field's unit): a municipal project of 0.8–3亿, a building of 800–4,000万,
// a division of 100–800万, an item such as 防水工程 of 15–120万.
const NODE: Record<NodeType, { names: string[]; budget: [number, number]; days: [number, number] }> = {
  project: { names: PROJECTS.map((p) => `${p}项目`), budget: [8_000, 30_000], days: [540, 1100] },
  unit: { names: UNITS, budget: [800, 4_000], days: [300, 600] },
  division: { names: DIVISIONS, budget: [100, 800], days: [90, 300] },
  item: { names: ITEMS, budget: [15, 120], days: [30, 120] },
};

/** A budget in 万元 as estimators round it: to 10万 above 1,000万, to 1万 above 100万, else to 0.1万. */
function budgetWan(r: () => number, [min, max]: [number, number]): number {
  const raw = min + r() * (max - min);
  const step = raw >= 1000 ? 10 : raw >= 100 ? 1 : 0.1;
  return Math.round(Math.round(raw / step) * step * 10) / 10;
}
const ORDER: NodeType[] = ['project', 'unit', 'division', 'item'];

/**
 * 工程分解结构: three projects, then units, divisions and items under them; the state and the
 * progress follow the planned period (not started → 0 %, finished → 100 %).
 */
export async function shapeProjectNode(rec: Record<string, unknown>, ctx: ShapeContext): Promise<void> {
  const { r, i } = ctx;
  const type = ORDER[Math.floor(i / 3) % ORDER.length];
  const k = i % 3;
  const node = NODE[type];
  const code = type === 'project' ? `XM${ctx.today.slice(2, 4)}${String(k + 1).padStart(3, '0')}`
    : `XM${ctx.today.slice(2, 4)}${String(k + 1).padStart(3, '0')}-${type === 'unit' ? 'DW' : type === 'division' ? 'FB' : 'FX'}${String(i % 4 + 1).padStart(2, '0')}`;
  const start = dayAfter(ctx.today, -intBetween(r, -60, 500));
  const end = dayAfter(start, intBetween(r, node.days[0], node.days[1]));
  const span = Date.parse(end) - Date.parse(start);
  const elapsed = (Date.parse(ctx.today) - Date.parse(start)) / span;
  const state = elapsed <= 0 ? 'planned' : elapsed >= 1 ? 'done' : i % 7 === 5 ? 'stopped' : 'building';
  const progress = state === 'planned' ? 0 : state === 'done' ? 100 : Math.round(Math.min(95, Math.max(3, elapsed * 100 + (r() - 0.5) * 10)) * 10) / 10;
  Object.assign(rec, {
    node_code: code, node_name: type === 'project' ? node.names[k] : node.names[i % node.names.length], node_type: type,
    plan_period: [start, end], budget: budgetWan(r, node.budget), progress, state,
  });
  // Spec: the position is hidden for items; the others sit around Hangzhou's new town.
  if (type === 'item') delete rec.location;
  else rec.location = `${(120.15 + r() * 0.1).toFixed(6)},${(30.25 + r() * 0.05).toFixed(6)}`;
  const photo = state !== 'planned' && r() < 0.7 ? await ctx.file(`${code}-现场照片.png`, { kind: 'png', hue: Math.floor(r() * 360) }) : undefined;
  if (photo) rec.photos = [photo];
  else delete rec.photos;
}

/** Purchase items by category leaf: name, unit, quantity range and unit price range. */
const GOODS: Record<string, { item: string; unit: string; qty: [number, number]; price: [number, number]; suppliers: string[] }> = {
  steel: { item: 'HRB400E螺纹钢筋', unit: '吨', qty: [20, 180], price: [3500, 4300], suppliers: ['杭州钢联物资有限公司', '江南建材贸易有限公司'] },
  cement: { item: 'P.O 42.5散装水泥', unit: '吨', qty: [60, 400], price: [380, 520], suppliers: ['江南建材贸易有限公司'] },
  aggregate: { item: '5-25mm碎石', unit: '吨', qty: [300, 1500], price: [95, 140], suppliers: ['湖州长兴砂石有限公司'] },
  crane: { item: 'QTZ80塔吊租赁', unit: '台·月', qty: [2, 12], price: [26000, 38000], suppliers: ['宏达机械租赁有限公司'] },
  excavator: { item: 'PC200挖掘机台班', unit: '台班', qty: [10, 60], price: [1200, 1800], suppliers: ['宏达机械租赁有限公司', '杭州顺通设备租赁有限公司'] },
  office: { item: 'A4复印纸及办公耗材', unit: '箱', qty: [10, 60], price: [120, 180], suppliers: ['杭州文源办公用品有限公司'] },
};

const REASONS = ['主体结构施工提前，现场待料', '原供应商断供，需紧急补货', '业主要求节点提前'];

/**
 * 采购申请: the title names the goods of the chosen category; quantity × unit price fits the
 * budget (a few requests exceed it and explain why); urgent ones carry a time and a reason.
 */
export async function shapePurchase(rec: Record<string, unknown>, ctx: ShapeContext): Promise<void> {
  const { r, i } = ctx;
  const path = Array.isArray(rec.category) && rec.category.length ? rec.category : ['material', 'steel'];
  const leaf = String(path[path.length - 1]);
  const g = GOODS[leaf] ?? GOODS.steel;
  const quantity = intBetween(r, g.qty[0], g.qty[1]);
  const price = cents(g.price[0] + r() * (g.price[1] - g.price[0]));
  const cost = cents(quantity * price);
  const over = i % 6 === 4;
  // A budget is a round figure above the cost; an over-budget request lies 3–8 % below it.
  const budget = over ? Math.floor((cost * (0.92 + r() * 0.05)) / 100) * 100 : Math.ceil((cost * (1 + r() * 0.08)) / 100) * 100;
  const market = cents(price * (0.96 + r() * 0.1));
  const urgency = i % 5 === 1 ? 'urgent' : i % 5 === 3 ? 'critical' : 'normal';
  const { user, dept } = userWithDept(ctx);
  const project = pickOf(r, PROJECTS);
  Object.assign(rec, {
    title: `${project}${g.item}采购`, category: path, quantity, unit_price: price, market_price: market, est_amount: budget,
    need_date: dayAfter(ctx.today, intBetween(r, -40, 45)), urgency, split_batches: quantity >= (g.qty[0] + g.qty[1]) / 2,
    supplier_pref: pickOf(r, g.suppliers), supplier_score: intBetween(r, 3, 5), cross_company: false,
  });
  if (user !== undefined) rec.applicant = user;
  if (dept !== undefined) rec.apply_dept = dept;
  for (const k of ['delivery_time', 'urgent_reason', 'over_budget_reason', 'discount_note', 'countersign', 'budget_code', 'legacy_no', 'finance_note']) delete rec[k];
  if (urgency !== 'normal') {
    rec.delivery_time = `${String(intBetween(r, 8, 16)).padStart(2, '0')}:${pickOf(r, ['00', '30'])}:00`;
    rec.urgent_reason = pickOf(r, REASONS);
  }
  if (over) rec.over_budget_reason = `近期${g.item.replace(/租赁|台班|采购/g, '')}价格上涨，超出预算部分已报项目部审批`;
  if (price >= market) rec.discount_note = `单价高于市场参考价${cents(price - market)}元，含运费及卸车`;
  if (budget > 50_000) rec.countersign = budget >= 200_000 ? ['finance', 'engineering', 'legal'] : ['finance', 'engineering'];
  if (budget >= 100_000) rec.budget_code = `CG${ctx.today.slice(2, 4)}${String(i + 1).padStart(4, '0')}`;
  const quote = await ctx.file(`报价单-${g.item}.pdf`, {
    kind: 'pdf',
    lines: ['Formwork demo quotation (sample file)', `Quantity: ${quantity} x unit price ${price.toFixed(2)} CNY`, `Cost: ${cost.toFixed(2)} CNY`, `Budget: ${budget.toFixed(2)} CNY`],
  });
  if (quote) rec.attachments = [quote];
  else delete rec.attachments;
}
