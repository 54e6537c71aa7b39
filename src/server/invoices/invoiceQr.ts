/**
 * The text of the QR code every Chinese VAT invoice carries (round3 research):
 * `01,{type},{code},{number},{amount without tax},{date yyyyMMdd},{check code},{crc},`. Special
 * invoices leave the check code empty; fully digital invoices (全电) leave the code empty and have a
 * 20-digit number. Pure.
 */
import { FULLY_DIGITAL_TYPES, invoiceTypeName } from '../../shared/invoiceTypes.js';

/** What the QR code says about an invoice. */
export interface InvoiceQr {
  typeCode: string;
  typeName: string;
  /** Empty for a fully digital invoice. */
  code: string;
  number: string;
  /** Amount without tax, as written (a decimal string). */
  amount: string;
  /** `yyyy-MM-dd`. */
  date: string;
  /** Empty when the invoice has none (special invoices, 全电). */
  checkCode: string;
}

const DIGITS = /^\d+$/;
const CUSTOMS = '17';

function isoDate(yyyymmdd: string): string | null {
  if (!/^\d{8}$/.test(yyyymmdd)) return null;
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

/**
 * The invoice a QR text describes, or null when the text is not an invoice QR code (another QR on
 * the page, a type the spec does not list, a malformed number, amount or date).
 */
export function parseInvoiceQr(text: string): InvoiceQr | null {
  const parts = text.trim().split(',').map((s) => s.trim());
  if (parts.length < 6 || parts[0] !== '01') return null;
  const [, typeCode, code, number, amount, date, checkCode = ''] = parts;
  const typeName = invoiceTypeName(typeCode);
  if (!typeName) return null;
  const digital = FULLY_DIGITAL_TYPES.has(typeCode);
  if (typeCode === CUSTOMS) {
    // A customs payment document is numbered by customs (digits, letters and dashes) and has no invoice code.
    if (!/^[0-9A-Za-z-]{8,30}$/.test(number)) return null;
  } else if (!DIGITS.test(number)) {
    return null;
  } else if (digital ? !(number.length === 20 || (code && number.length === 8)) : number.length !== 8) {
    // 全电: 20 digits (a paper 185/186 that keeps a code may carry the older 8-digit number).
    return null;
  }
  if (code && !/^\d{10,12}$/.test(code)) return null;
  if (!code && !digital && typeCode !== CUSTOMS) return null;
  // Red-letter (credit) invoices carry a negative amount.
  if (!/^-?\d+(\.\d{1,2})?$/.test(amount)) return null;
  const iso = isoDate(date);
  if (!iso) return null;
  return { typeCode, typeName, code, number, amount, date: iso, checkCode };
}
