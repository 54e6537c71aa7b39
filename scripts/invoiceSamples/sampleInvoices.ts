/**
 * One sample invoice per type code of spec 02 §9, for trying recognition (`npm run invoice-samples`)
 * and for tests. Names, tax ids and numbers are made up; amounts add up (tax = amount × rate).
 */
import { INVOICE_TYPE_CODES, INVOICE_TYPES, FULLY_DIGITAL_TYPES } from '../../src/shared/invoiceTypes.js';
import type { SampleInvoice } from './invoiceDocuments.js';

const BUYER = { name: '江南建设工程有限公司', taxNo: '91330100MA2XXXXX1A' };
const SELLERS = ['华东建材贸易有限公司', '杭州钢铁销售有限公司', '浙江运输服务有限公司', '宁波机电设备有限公司'];
const ITEMS: [string, string, string, number][] = [
  ['*黑色金属冶炼压延品*螺纹钢', 'HRB400 Φ20', '吨', 13],
  ['*水泥*普通硅酸盐水泥', 'P.O 42.5', '吨', 13],
  ['*运输服务*货物运输', '', '车次', 9],
  ['*现代服务*技术咨询费', '', '项', 6],
];

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The sample of type `code` (index `i` varies the seller, item and amounts). */
function sample(code: string, i: number): SampleInvoice {
  const [name, spec, unit, rate] = ITEMS[i % ITEMS.length];
  const quantity = 2 + (i % 5);
  const priceCents = 120_000 + i * 3_517;
  const amountCents = priceCents * quantity;
  const taxCents = Math.round((amountCents * rate) / 100);
  const digital = FULLY_DIGITAL_TYPES.has(code);
  const day = String(1 + ((i * 2) % 28)).padStart(2, '0');
  const title = INVOICE_TYPES[code];
  return {
    typeCode: code, title,
    code: digital || code === '17' ? '' : code === '01' ? `33001${i}2130` : `0330${String(i).padStart(2, '0')}200111`,
    number: digital ? `2433200000000${String(1000000 + i * 7919).slice(-7)}` : code === '17' ? `29012024100000${String(1000 + i)}-L01` : String(10_000_000 + i * 1_234_567).slice(-8),
    date: `2024-0${1 + (i % 9)}-${day}`,
    checkCode: ['04', '10', '11', '14'].includes(code) ? String(10n ** 19n + BigInt(i) * 97_531_864_202_468n).slice(0, 20) : undefined,
    buyer: BUYER,
    seller: { name: SELLERS[i % SELLERS.length], taxNo: `9133010${i % 10}MA2YYYY${String(i).padStart(2, '0')}B`.slice(0, 18) },
    items: [{ name, spec: spec || undefined, unit, quantity: String(quantity), price: money(priceCents), amount: money(amountCents), taxRate: `${rate}%`, tax: money(taxCents) }],
    amount: money(amountCents), tax: money(taxCents), total: money(amountCents + taxCents),
  };
}

/** The 14 samples, in the spec's order. */
export function sampleInvoices(): SampleInvoice[] {
  return INVOICE_TYPE_CODES.map((code, i) => sample(code, i));
}
