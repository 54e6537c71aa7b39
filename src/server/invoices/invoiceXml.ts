/**
 * A fully digital invoice (全电发票) issued as XML: the national format's element names
 * (EInvoice › SellerInformation/SellerName, SellerIdNum, BuyerInformation/BuyerName, BuyerIdNum,
 * BasicInformation/TotalAmWithoutTax, TotalTaxAm, TotalTax-includedAmount, IssuItemInformation
 * lines, TaxSupervisionInfo/InvoiceNumber, IssueTime, and the type's LabelName). Pure.
 */
import { invoiceTypeName } from '../../shared/invoiceTypes.js';
import type { RecognizedInvoice } from './recognizedInvoice.js';
import { findAll, parseXml, textOf } from './xmlTree.js';

function isoDate(text: string | undefined): string | undefined {
  const m = text && /^(\d{4})-?(\d{2})-?(\d{2})/.exec(text.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

/** Whether a buffer looks like an XML document (after a BOM and whitespace). */
export function looksLikeXml(buffer: Buffer): boolean {
  const head = buffer.subarray(0, 64).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('<');
}

/** The invoice an XML document describes, or null when it is not a 全电 invoice (no invoice number). */
export function invoiceFromXml(xml: string): RecognizedInvoice | null {
  let root;
  try {
    root = parseXml(xml.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  const number = textOf(root, 'InvoiceNumber') ?? textOf(root, 'EIid');
  if (!number || !/^\d{20}$/.test(number)) return null;
  const labels = findAll(root, 'LabelName').map((e) => e.text);
  const typeCode = labels.some((l) => l.includes('专用发票')) ? '31' : '32';
  const items = findAll(root, 'IssuItemInformation').map((line) => ({
    name: textOf(line, 'ItemName') ?? '',
    spec: textOf(line, 'SpecMod'),
    unit: textOf(line, 'MeaUnits'),
    quantity: textOf(line, 'Quantity'),
    price: textOf(line, 'UnPrice'),
    amount: textOf(line, 'Amount'),
    taxRate: textOf(line, 'TaxRate'),
    tax: textOf(line, 'ComTaxAm'),
  })).filter((l) => l.name);
  const inv: RecognizedInvoice = {
    typeCode, typeName: invoiceTypeName(typeCode), code: '', number,
    date: isoDate(textOf(root, 'IssueTime') ?? textOf(root, 'RequestTime')),
    amount: textOf(root, 'TotalAmWithoutTax'), tax: textOf(root, 'TotalTaxAm'), total: textOf(root, 'TotalTax-includedAmount'),
    seller: textOf(root, 'SellerName'), sellerTaxNo: textOf(root, 'SellerIdNum'),
    buyer: textOf(root, 'BuyerName'), buyerTaxNo: textOf(root, 'BuyerIdNum'),
    items,
  };
  for (const k of Object.keys(inv) as (keyof RecognizedInvoice)[]) if (inv[k] === undefined) delete inv[k];
  return inv;
}
