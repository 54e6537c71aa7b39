/** Coherent demo contracts (合同台账) and their payment summary (合同付款汇总); their invoices: shapeInvoices.ts. */
import { intBetween, pickOf, type SeededRecord, type ShapeContext } from './shapeContext.js';
import { amountBetween, cents, dayAfter, digitalInvoiceNo, invoiceNo } from './sampleFormats.js';

type ContractType = 'construction' | 'purchase' | 'labour' | 'lease' | 'service';

interface ContractKind {
  /** VAT rates in percent the contract may carry (construction 9 %, goods 13 %, services 6 %…). */
  rates: number[];
  min: number;
  max: number;
  /** Contract name after the project's name. */
  names: string[];
  parties: string[];
  /** Payment nodes and their ratios (percent, summing to 100). */
  nodes: [string, number][];
  /** Days from start to end of the contract period. */
  days: [number, number];
}

const KINDS: Record<ContractType, ContractKind> = {
  construction: {
    rates: [9], min: 3_000_000, max: 30_000_000, names: ['施工总承包合同', '土建及安装工程施工合同'],
    parties: ['中建华东建设有限公司', '浙江宏远建设集团有限公司'],
    nodes: [['预付款', 10], ['进度款（基础完成）', 25], ['进度款（主体封顶）', 30], ['竣工验收款', 20], ['结算款', 12], ['质保金', 3]],
    days: [360, 900],
  },
  purchase: {
    rates: [13], min: 80_000, max: 2_000_000, names: ['钢筋采购合同', '商品混凝土采购合同', '防水卷材采购合同', '电缆桥架采购合同'],
    parties: ['江南建材贸易有限公司', '杭州钢联物资有限公司'],
    nodes: [['预付款', 30], ['到货款', 60], ['质保金', 10]],
    days: [60, 240],
  },
  labour: {
    rates: [9, 3], min: 300_000, max: 5_000_000, names: ['主体结构劳务分包合同', '装饰装修劳务分包合同'],
    parties: ['恒信劳务有限公司', '浙江安居劳务有限公司'],
    nodes: [['首月进度款', 20], ['中期进度款', 50], ['结算款', 27], ['质保金', 3]],
    days: [180, 540],
  },
  lease: {
    rates: [13], min: 60_000, max: 900_000, names: ['塔吊租赁合同', '钢管脚手架租赁合同'],
    parties: ['宏达机械租赁有限公司', '杭州顺通设备租赁有限公司'],
    nodes: [['首期租金', 40], ['中期租金', 40], ['退场结算', 20]],
    days: [120, 420],
  },
  service: {
    rates: [6], min: 100_000, max: 1_200_000, names: ['工程监理服务合同', '造价咨询服务合同'],
    parties: ['浙江求是工程咨询监理有限公司', '明远工程造价咨询有限公司'],
    nodes: [['签约款', 30], ['阶段款', 40], ['验收款', 30]],
    days: [180, 720],
  },
};

const PROJECTS = ['城北综合管廊', '滨江大道改造', '地铁三号线站房', '高新区厂房扩建', '人民医院门诊楼', '西湖片区安置房'];

/** The facts of one contract, from which the ledger, the summary and the invoices are written. */
interface ContractFacts {
  type: ContractType;
  name: string;
  party: string;
  amount: number;
  rate: number;
  sign: string;
  start: string;
  end: string;
  payments: { node_name: string; plan_date: string; pay_ratio: number; pay_amount: number; paid: boolean; paid_date?: string; invoice_no?: string }[];
}

function projectOf(ctx: ShapeContext): { id?: number; name: string } {
  const projects = (ctx.seeded.get('project_wbs') ?? []).filter((p) => p.data.node_type === 'project');
  if (!projects.length) return { name: pickOf(ctx.r, PROJECTS) };
  const p = projects[ctx.i % projects.length];
  return { id: p.id, name: String(p.data.node_name).replace(/项目$/, '') };
}

function contractFacts(ctx: ShapeContext, types: ContractType[], projectName: string): ContractFacts {
  const { r } = ctx;
  const type = types[ctx.i % types.length];
  const kind = KINDS[type];
  const amount = amountBetween(r, kind.min, kind.max);
  const sign = dayAfter(ctx.today, -intBetween(r, 20, 620));
  const start = dayAfter(sign, intBetween(r, 5, 30));
  const end = dayAfter(start, intBetween(r, kind.days[0], kind.days[1]));
  const span = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  let rest = amount;
  const last = kind.nodes.length - 1;
  // A retention (质保金, the small last node) falls due a year after the end; the other nodes
  // are spread over the period.
  const retention = kind.nodes[last][1] <= 10 && last > 1;
  const spread = retention ? last - 1 : last;
  const payments = kind.nodes.map(([node, ratio], k) => {
    // The last node takes what is left, so the lines add up to the contract amount exactly.
    const pay = k === last ? cents(rest) : cents((amount * ratio) / 100);
    rest = cents(rest - pay);
    const plan = retention && k === last ? dayAfter(end, 365) : dayAfter(start, (span * k) / spread);
    const paid = plan <= ctx.today;
    const paidDate = paid ? [dayAfter(plan, intBetween(r, 0, 20)), ctx.today].sort()[0] : undefined;
    // Invoices of the last year are half of them fully digital (全电, 20 digits), the rest 8 digits.
    const digital = paidDate !== undefined && paidDate >= dayAfter(ctx.today, -358) && k % 2 === 0;
    const number = paidDate === undefined ? undefined : digital ? digitalInvoiceNo(r, paidDate) : invoiceNo(r);
    return { node_name: node, plan_date: plan, pay_ratio: ratio, pay_amount: pay, paid, ...(paid ? { paid_date: paidDate, invoice_no: number } : {}) };
  });
  return { type, name: `${projectName}${pickOf(r, kind.names)}`, party: pickOf(r, kind.parties), amount, rate: pickOf(r, kind.rates), sign, start, end, payments };
}

/**
 * 所在省份 of the i-th contract: a Zhejiang company's contracts, most at home and the rest in the
 * provinces it works in, so the cockpit's map has one deep colour and a few lighter ones. Taken
 * from the record's place, not the random source, so the other sample values stay as they were.
 */
const REGIONS = ['浙江省', '浙江省', '江苏省', '浙江省', '上海市', '安徽省', '浙江省', '江苏省', '福建省', '广东省', '浙江省', '四川省', '江西省', '湖北省'];
export const regionOf = (i: number): string => REGIONS[i % REGIONS.length];

/** The file name of the sample 乙方法人身份证 image of party `party`. */
export const legalIdCardName = (party: string) => `${party}法人身份证.png`;

const CONTRACT_TYPES: ContractType[] = ['construction', 'purchase', 'labour', 'purchase', 'lease', 'service'];

/** 合同台账: name, party, amount, tax rate and period by contract type; payment lines summing to the amount. */
export async function shapeContract(rec: Record<string, unknown>, ctx: ShapeContext): Promise<void> {
  const project = projectOf(ctx);
  const c = contractFacts(ctx, CONTRACT_TYPES, project.name);
  Object.assign(rec, {
    contract_name: c.name, contract_type: c.type, party_b: c.party, sign_date: c.sign, period: [c.start, c.end],
    amount: c.amount, tax_rate: c.rate, region: regionOf(ctx.i), is_framework: c.type === 'purchase' && ctx.i % 4 === 1, payments: c.payments,
    remark: c.type === 'purchase' ? '价格含税含运费，按批次送货' : c.type === 'labour' ? '按月计量，农民工工资专户代发' : '按合同约定节点付款',
  });
  if (project.id !== undefined) rec.project = project.id;
  else delete rec.project;
  // 乙方法人身份证 shows on labour contracts only: those carry a sample card image (issue 27 item 12).
  const card = c.type === 'labour' ? await ctx.file(legalIdCardName(c.party), { kind: 'png', hue: 200 }) : undefined;
  if (card) rec.legal_id_card = [card];
  else delete rec.legal_id_card;
  const scan = await ctx.file(`${c.name}.pdf`, {
    kind: 'pdf',
    lines: ['Formwork demo contract (sample file)', `Contract amount: ${c.amount.toFixed(2)} CNY, VAT ${c.rate}%`, `Signed: ${c.sign}`, `Period: ${c.start} to ${c.end}`,
      ...c.payments.map((p, k) => `Instalment ${k + 1}: ${p.pay_ratio}% = ${p.pay_amount.toFixed(2)} CNY, due ${p.plan_date}`)],
  });
  if (scan) rec.attachments = [scan];
  else delete rec.attachments;
}

function paidSum(payments: unknown): { paid: number; last?: string } {
  let paid = 0;
  let last: string | undefined;
  for (const p of Array.isArray(payments) ? (payments as Record<string, unknown>[]) : []) {
    if (!p.paid) continue;
    paid = cents(paid + Number(p.pay_amount));
    if (typeof p.paid_date === 'string' && (!last || p.paid_date > last)) last = p.paid_date;
  }
  return { paid, last };
}

/**
 * 合同付款汇总: one row per 合同台账 record, in order (all contract types), so the summary's
 * totals are the ledger's: amount = the contract's, paid = its paid lines, unpaid = the rest.
 * Its sample count is the ledger's (contractViewCount): no row stands for a contract not seeded.
 */
export function shapeContractView(rec: Record<string, unknown>, ctx: ShapeContext): void {
  const d = (ctx.seeded.get('contract_ledger') ?? [])[ctx.i]?.data;
  if (!d) throw new Error(`合同付款汇总 #${ctx.i} has no contract to summarise`);
  const amount = Number(d.amount);
  const { paid, last } = paidSum(d.payments);
  Object.assign(rec, { contract_name: String(d.contract_name), party_b: String(d.party_b), contract_type: String(d.contract_type), amount, paid_amount: paid, unpaid_amount: cents(amount - paid) });
  if (last) rec.last_pay_date = last;
  else delete rec.last_pay_date;
  if (d.manager !== undefined) rec.manager = d.manager;
}

/** How many 合同付款汇总 rows to seed: one per seeded 合同台账 record. */
export function contractViewCount(seeded: Map<string, SeededRecord[]>): number {
  return (seeded.get('contract_ledger') ?? []).length;
}
