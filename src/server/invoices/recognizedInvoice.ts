/**
 * One recognised invoice, whatever it was read from (QR code, PDF text layer, 全电 XML, an OCR
 * service), and its shape in spec 02 §3's invoice parse response: `result.fields` keyed like the
 * invoice ledger's fields (发票台账, auto_fptz: invoice_code, invoice_no, invoice_date, seller,
 * seller_tax_no, amount, tax, total; the client fills same-name fields), plus invoice_type_code
 * and invoice_type_name (spec 02 §9; not `invoice_type`, whose demo options are the ledger's own
 * four values), check_code, buyer, buyer_tax_no, and `result.item_list`. Pure.
 */
import type { InvoiceQr } from './invoiceQr.js';

/** One line item of an invoice. Numbers stay decimal strings as printed (no float rounding). */
export interface InvoiceLine {
  name: string;
  spec?: string;
  unit?: string;
  quantity?: string;
  price?: string;
  amount?: string;
  taxRate?: string;
  tax?: string;
}

/** What was recognised; absent fields were not found. Dates are `yyyy-MM-dd`, amounts decimal strings. */
export interface RecognizedInvoice {
  typeCode?: string;
  typeName?: string;
  code?: string;
  number?: string;
  date?: string;
  checkCode?: string;
  amount?: string;
  tax?: string;
  total?: string;
  seller?: string;
  sellerTaxNo?: string;
  buyer?: string;
  buyerTaxNo?: string;
  items: InvoiceLine[];
}

const KEYS = ['typeCode', 'typeName', 'code', 'number', 'date', 'checkCode', 'amount', 'tax', 'total', 'seller', 'sellerTaxNo', 'buyer', 'buyerTaxNo'] as const;

/** The invoice a QR code describes. */
export function fromQr(qr: InvoiceQr): RecognizedInvoice {
  return {
    typeCode: qr.typeCode, typeName: qr.typeName, code: qr.code, number: qr.number, date: qr.date,
    checkCode: qr.checkCode || undefined, amount: qr.amount, items: [],
  };
}

/** `first`'s fields, with what it lacks taken from `second` (the QR code is read first: it is exact). */
export function mergeInvoices(first: RecognizedInvoice, second: RecognizedInvoice | null): RecognizedInvoice {
  if (!second) return first;
  const out: RecognizedInvoice = { ...first, items: first.items.length ? first.items : second.items };
  for (const k of KEYS) if ((out[k] === undefined || out[k] === '') && second[k]) out[k] = second[k];
  return out;
}

/** Whether anything identifying was read (a number, or at least amounts and a party). */
export function isRecognized(inv: RecognizedInvoice | null): inv is RecognizedInvoice {
  return !!inv && !!(inv.number || (inv.total && (inv.seller || inv.buyer)));
}

/** Amount + tax as a decimal string with two places, when both are known. */
function sum(a?: string, b?: string): string | undefined {
  if (!a || !b || !/^-?\d+(\.\d+)?$/.test(a) || !/^-?\d+(\.\d+)?$/.test(b)) return undefined;
  const cents = Math.round(Number(a) * 100) + Math.round(Number(b) * 100);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** spec 02 §3's `result`: the fields under the ledger's names, and the item lines. */
export function toInvoiceResult(inv: RecognizedInvoice): { fields: Record<string, string>; item_list: Record<string, string>[] } {
  const total = inv.total ?? sum(inv.amount, inv.tax);
  const pairs: [string, string | undefined][] = [
    ['invoice_type_code', inv.typeCode], ['invoice_type_name', inv.typeName], ['invoice_code', inv.code], ['invoice_no', inv.number],
    ['invoice_date', inv.date], ['check_code', inv.checkCode], ['amount', inv.amount], ['tax', inv.tax], ['total', total],
    ['seller', inv.seller], ['seller_tax_no', inv.sellerTaxNo], ['buyer', inv.buyer], ['buyer_tax_no', inv.buyerTaxNo],
  ];
  const fields: Record<string, string> = {};
  for (const [k, v] of pairs) if (v !== undefined && v !== '') fields[k] = v;
  const item_list = inv.items.map((line) => {
    const row: Record<string, string> = { name: line.name };
    for (const [k, v] of [['spec', line.spec], ['unit', line.unit], ['quantity', line.quantity], ['price', line.price], ['amount', line.amount], ['tax_rate', line.taxRate], ['tax', line.tax]] as const) {
      if (v) row[k] = v;
    }
    return row;
  });
  return { fields, item_list };
}
