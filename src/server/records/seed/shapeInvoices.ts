/**
 * 发票台账's demo invoices (issue 31 item 5): one of each type code of spec 02 §9, so a new user
 * sees every kind the platform handles. VAT invoices of the usual kinds belong to a contract's
 * paid instalment of the last year (its number, seller and rate; 20-digit numbers for 全电 ones);
 * the others are what a site buys outside contracts (a car, tolls, a roll ticket, a used car,
 * imported goods through customs). Amount + tax = total; dates within the last year. Each record's
 * 发票文件 is the invoice drawn as issued, with the QR code of its own values, so recognition of the
 * attached file gives the record back.
 */
import { FULLY_DIGITAL_TYPES, INVOICE_TYPE_CODES, INVOICE_TYPES } from '../../../shared/invoiceTypes.js';
import type { InvoiceDocument } from '../../invoices/invoiceDocuments.js';
import { intBetween, pickOf, type SeededRecord, type ShapeContext } from './shapeContext.js';
import { amountBetween, cents, checkCode, creditCode, customsPaymentNo, dayAfter, digitalInvoiceNo, invoiceCode, invoiceNo } from './sampleFormats.js';
import { random } from './sampleValues.js';

/** Demo invoices: one per type code. */
export const DEMO_INVOICE_COUNT = INVOICE_TYPE_CODES.length;

/** Types issued for a contract's instalment (special and ordinary VAT invoices, paper, electronic, 全电). */
const CONTRACT_TYPES = new Set(['01', '04', '08', '10', '31', '32', '185', '186']);

/** What an invoice outside contracts is: seller, amount range, VAT rate (percent), what it is for, its line on the invoice. */
const OTHER: Record<string, { seller: string; min: number; max: number; rate: number; remark: string; item: string }> = {
  '03': { seller: '浙江众诚汽车销售服务有限公司', min: 120_000, max: 260_000, rate: 13, remark: '项目部工程指挥车', item: '*机动车*越野车' },
  '11': { seller: '杭州联华华商集团有限公司', min: 80, max: 900, rate: 13, remark: '项目部办公用品', item: '*纸制品*办公用品' },
  '14': { seller: '浙江沪杭甬高速公路股份有限公司', min: 60, max: 800, rate: 3, remark: '材料运输车辆通行费', item: '*经营租赁*通行费' },
  // A used car's invoice shows the price only: no VAT to deduct.
  '15': { seller: '杭州二手车交易市场有限公司', min: 40_000, max: 120_000, rate: 0, remark: '项目部通勤车（二手）', item: '*机动车*二手车' },
  '17': { seller: '中华人民共和国杭州海关', min: 80_000, max: 600_000, rate: 13, remark: '进口盾构机配件进口环节增值税', item: '*机械设备*盾构机配件' },
  '183': { seller: '杭州远景汽车销售有限公司', min: 150_000, max: 300_000, rate: 13, remark: '新能源工程车', item: '*机动车*新能源工程车' },
};

/** Types whose input VAT is deducted after certification (认证); the others are not certified. */
const DEDUCTIBLE = new Set(['01', '03', '08', '14', '17', '31', '183', '185']);

/** A company's tax id, the same on every invoice that names it. */
function taxIdOf(company: string): string {
  let h = 0;
  for (const ch of company) h = (Math.imul(h, 31) + ch.codePointAt(0)!) >>> 0;
  return creditCode(random(h));
}

interface PaidLine { contract: SeededRecord; amountWithTax: number; rate: number; seller: string; invoiceNo: string; paidDate: string }

/** The contracts' paid instalments of the last year, most recent first. */
function paidLines(ctx: ShapeContext): PaidLine[] {
  const since = dayAfter(ctx.today, -358);
  const out: PaidLine[] = [];
  for (const c of ctx.seeded.get('contract_ledger') ?? []) {
    for (const p of (c.data.payments as Record<string, unknown>[] | undefined) ?? []) {
      if (p.paid && p.invoice_no && String(p.paid_date) >= since) {
        out.push({ contract: c, amountWithTax: Number(p.pay_amount), rate: Number(c.data.tax_rate ?? 9), seller: String(c.data.party_b), invoiceNo: String(p.invoice_no), paidDate: String(p.paid_date) });
      }
    }
  }
  return out.sort((a, b) => b.paidDate.localeCompare(a.paidDate));
}

/** The instalment invoiced by sample `i`: contract types take, in order, the next unused line whose number has their length. */
function lineOf(ctx: ShapeContext, i: number): PaidLine | undefined {
  const lines = paidLines(ctx);
  const used = new Set<PaidLine>();
  let mine: PaidLine | undefined;
  for (let k = 0; k <= i; k++) {
    const type = INVOICE_TYPE_CODES[k % INVOICE_TYPE_CODES.length];
    if (!CONTRACT_TYPES.has(type)) continue;
    const length = FULLY_DIGITAL_TYPES.has(type) ? 20 : 8;
    const line = lines.find((l) => !used.has(l) && l.invoiceNo.length === length);
    if (line) used.add(line);
    if (k === i) mine = line;
  }
  return mine;
}

/** 发票台账 sample `ctx.i`: an invoice of type code INVOICE_TYPE_CODES[i]. */
export async function shapeInvoice(rec: Record<string, unknown>, ctx: ShapeContext): Promise<void> {
  const { r } = ctx;
  const type = INVOICE_TYPE_CODES[ctx.i % INVOICE_TYPE_CODES.length];
  const digital = FULLY_DIGITAL_TYPES.has(type);
  const line = CONTRACT_TYPES.has(type) ? lineOf(ctx, ctx.i) : undefined;
  const other = OTHER[type];
  const date = line ? dayAfter(line.paidDate, -intBetween(r, 0, 6)) : dayAfter(ctx.today, -intBetween(r, 10, 350));
  // Without a contract instalment (few contracts paid this year): a supplier's invoice of its own.
  const rate = line?.rate ?? other?.rate ?? pickOf(r, [13, 9, 6]);
  const withTax = line?.amountWithTax ?? (other ? amountBetween(r, other.min, other.max) : amountBetween(r, 5_000, 500_000));
  const amount = cents(withTax / (1 + rate / 100));
  const tax = cents((amount * rate) / 100);
  const seller = line?.seller ?? other?.seller ?? '江南建材贸易有限公司';
  const number = line?.invoiceNo ?? (type === '17' ? customsPaymentNo(r, date) : digital ? digitalInvoiceNo(r, date) : invoiceNo(r));
  const code = digital || type === '17' ? undefined : invoiceCode(r, date.slice(0, 4), type);
  const old = Date.parse(ctx.today) - Date.parse(date) > 30 * 86_400_000;
  // One special invoice whose seller the tax office has since listed as 失控: its certification
  // failed, so 发票认证状态 shows all three states (and no two of them the same size by chance).
  const refused = type === '185';
  const certified = DEDUCTIBLE.has(type) && old && !refused;
  // Checked with the national platform (spec 02 §4): a customs certificate is not checked there;
  // one roll ticket was refused, kept for the record with the platform's message.
  const check = type === '17' ? null : type === '11' ? '-1' : '1';
  const company = ctx.company ?? '华建工程有限公司';
  Object.assign(rec, {
    invoice_code: code, invoice_no: number, invoice_type: type, invoice_date: date,
    check_code: ['04', '10', '11', '14', '32', '186'].includes(type) && !digital ? checkCode(r) : undefined,
    seller, seller_tax_no: type === '17' ? undefined : taxIdOf(seller), buyer: company, buyer_tax_no: taxIdOf(company),
    amount, tax, total: cents(amount + tax), invoice_state: refused ? '1' : '0',
    checked: check !== null, check_status: check, check_error: check === '-1' ? '国税平台查验不通过：发票金额与税务机关登记信息不一致' : undefined,
    auth_status: refused ? 'failed' : certified ? 'authenticated' : 'pending', cert_type: certified ? '1' : undefined, tax_period: certified ? date.slice(0, 7).replace('-', '') : undefined,
    auth_error: refused ? '销售方发票已被税务机关列为失控发票' : undefined,
    remark: refused ? '销售方发票已被税务机关列为失控发票，认证失败' : other?.remark ?? (ctx.i % 3 === 0 ? (certified ? '已认证抵扣' : '待认证抵扣') : undefined),
  });
  for (const [k, v] of Object.entries(rec)) if (v === undefined || v === null) delete rec[k];
  if (line) rec.contract = line.contract.id;
  else delete rec.contract;
  const pdf = await ctx.file(`发票-${number}.pdf`, { kind: 'invoice', invoice: invoiceDocumentOf(rec, rate, line ? '*建筑服务*工程进度款' : other?.item ?? '*建筑材料*建材') });
  if (pdf) rec.invoice_file = [pdf];
  else delete rec.invoice_file;
}

/** The shaped record as the issued invoice: its QR code carries the record's type, code, number, amount, date and check code. */
function invoiceDocumentOf(rec: Record<string, unknown>, rate: number, item: string): InvoiceDocument {
  const money = (v: unknown) => Number(v).toFixed(2);
  const type = String(rec.invoice_type);
  return {
    typeCode: type, title: INVOICE_TYPES[type], code: String(rec.invoice_code ?? ''), number: String(rec.invoice_no),
    date: String(rec.invoice_date), checkCode: rec.check_code === undefined ? undefined : String(rec.check_code),
    buyer: { name: String(rec.buyer), taxNo: String(rec.buyer_tax_no ?? '') },
    seller: { name: String(rec.seller), taxNo: String(rec.seller_tax_no ?? '') },
    items: [{ name: item, unit: '项', quantity: '1', price: money(rec.amount), amount: money(rec.amount), taxRate: `${rate}%`, tax: money(rec.tax) }],
    amount: money(rec.amount), tax: money(rec.tax), total: money(rec.total),
  };
}
