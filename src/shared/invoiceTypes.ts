/**
 * The invoice codes of spec 02 §9: type codes (the second field of an invoice's QR code and the
 * `fplxdm` of the tax platform's calls), certification types (`sqrzlx`) and data types (`sjlx`).
 * Shared by the server's checks and the client's dialogs. Pure.
 */

/** [code, name] in the spec's order (an object would put the integer-like keys 10…186 first). */
const TYPES: readonly (readonly [string, string])[] = [
  ['01', '增值税专用发票'],
  ['03', '机动车销售统一发票'],
  ['04', '增值税普通发票'],
  ['08', '增值税电子专用发票'],
  ['10', '增值税电子普通发票'],
  ['11', '增值税普通发票（卷票）'],
  ['14', '增值税电子普通发票（通行费）'],
  ['15', '二手车销售统一发票'],
  ['17', '海关缴款书'],
  ['31', '电子发票（增值税专用发票）'],
  ['32', '电子发票（普通发票）'],
  ['183', '机动车销售电子统一发票'],
  ['185', '纸质发票（增值税专用发票）'],
  ['186', '纸质发票（普通发票）'],
];

/** Code → name. */
export const INVOICE_TYPES: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries(TYPES));

/** Every type code, in the spec's order. */
export const INVOICE_TYPE_CODES: readonly string[] = TYPES.map(([code]) => code);

/**
 * Fully digital invoices (全电发票): a 20-digit number and no invoice code. 183 is the electronic
 * unified motor vehicle invoice, issued on the same platform with the same numbering.
 */
export const FULLY_DIGITAL_TYPES: ReadonlySet<string> = new Set(['31', '32', '183', '185', '186']);

/** The name of a type code, or undefined for a code the spec does not list. */
export function invoiceTypeName(code: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(INVOICE_TYPES, code) ? INVOICE_TYPES[code] : undefined;
}

/** Certification types (`sqrzlx`), spec 02 §9, in its order. */
export const CERTIFICATION_TYPES: readonly { value: string; label: string }[] = [
  { value: '1', label: '抵扣勾选' },
  { value: '2', label: '退税勾选' },
  { value: '3', label: '代办退税勾选' },
  { value: '4', label: '不抵扣勾选' },
  { value: '5', label: '撤销抵扣勾选' },
  { value: '6', label: '撤销不抵扣勾选' },
];

/** Collection data types (`sjlx`), spec 02 §9. */
export const COLLECTION_DATA_TYPES: readonly { value: string; label: string }[] = [
  { value: '1', label: '进项发票' },
  { value: '2', label: '销项发票' },
];
