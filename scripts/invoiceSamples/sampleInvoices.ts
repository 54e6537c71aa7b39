/**
 * One sample invoice per type code of spec 02 §9, for trying recognition (`npm run invoice-samples`)
 * and for tests. Names, tax ids and numbers are made up; amounts add up (tax = amount × rate).
 */
import { INVOICE_TYPE_CODES, INVOICE_TYPES, FULLY_DIGITAL_TYPES } from '../../src/shared/invoiceTypes.js';
import type { InvoiceDocument } from '../../src/server/invoices/invoiceDocuments.js';

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
function sample(code: string, i: number): InvoiceDocument {
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
export function sampleInvoices(): InvoiceDocument[] {
  return INVOICE_TYPE_CODES.map((code, i) => sample(code, i));
}

/** A 全电 special invoice and an older electronic ordinary invoice, for tests. */
export const SAMPLE_DIGITAL: InvoiceDocument = {
  typeCode: '31', title: '电子发票（增值税专用发票）', code: '', number: '23442000000014209621', date: '2023-02-15',
  buyer: { name: '某某建设工程有限公司', taxNo: '91440300MA5FXXXX1A' },
  seller: { name: '某某建材贸易有限公司', taxNo: '91440101MA9YYYYY2B' },
  items: [
    { name: '*黑色金属冶炼压延品*螺纹钢', spec: 'HRB400', unit: '吨', quantity: '2', price: '4000.00', amount: '8000.00', taxRate: '13%', tax: '1040.00' },
    { name: '*运输服务*运费', unit: '次', quantity: '1', price: '500.00', amount: '500.00', taxRate: '9%', tax: '45.00' },
  ],
  amount: '8500.00', tax: '1085.00', total: '9585.00',
};

export const SAMPLE_ORDINARY: InvoiceDocument = {
  typeCode: '10', title: '增值税电子普通发票', code: '011001605111', number: '80100798', date: '2016-10-18', checkCode: '85342965681116380258',
  buyer: { name: '某某科技有限公司', taxNo: '91110108MA01ZZZZ3C' },
  seller: { name: '某某餐饮管理有限公司', taxNo: '911101057226XXXX4D' },
  items: [{ name: '*餐饮服务*餐费', unit: '次', quantity: '1', price: '64.90', amount: '64.90', taxRate: '6%', tax: '3.89' }],
  amount: '64.90', tax: '3.89', total: '68.79',
};
