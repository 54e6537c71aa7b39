/**
 * Draws invoice documents (pure, no file or network access): a one-page PDF laid out like a
 * Chinese electronic invoice, its Chinese text in a Type0 font whose ToUnicode map is the identity
 * (each glyph id is its Unicode code point, so any PDF reader, pdfjs included, extracts the text
 * without a font file; glyphs show in the reader's fallback font), with the invoice's QR code as a
 * PNG image; and the 全电 XML. Used by the demo seed (each demo ledger record's 发票文件,
 * records/seed/shapeInvoices.ts), `npm run invoice-samples` (scripts/invoiceSamples/) and the tests.
 */
import { PDFDocument, PDFHexString, PDFName, PDFNumber, PDFOperator, PDFOperatorNames as Op, PDFString, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

/** An invoice to draw. `code` empty and a 20-digit `number` for a 全电 invoice. */
export interface InvoiceDocument {
  typeCode: string;
  title: string;
  code: string;
  number: string;
  date: string; // yyyy-MM-dd
  checkCode?: string;
  buyer: { name: string; taxNo: string };
  seller: { name: string; taxNo: string };
  items: { name: string; spec?: string; unit?: string; quantity: string; price: string; amount: string; taxRate: string; tax: string }[];
  amount: string;
  tax: string;
  total: string;
  /** false: no QR code (the text layer alone must do). */
  qr?: boolean;
}

/** The QR text of spec 02 §9's format: `01,{type},{code},{number},{amount},{yyyyMMdd},{check code},{crc},`. */
export function qrText(inv: InvoiceDocument): string {
  return `01,${inv.typeCode},${inv.code},${inv.number},${inv.amount},${inv.date.replace(/-/g, '')},${inv.checkCode ?? ''},A1B2,`;
}

const IDENTITY_CMAP = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def /CMapType 2 def
1 begincodespacerange <0000> <FFFF> endcodespacerange
1 beginbfrange <0000> <FFFF> <0000> endbfrange
endcmap CMapName currentdict /CMap defineresource pop end end`;

function addFont(doc: PDFDocument, page: PDFPage): void {
  const ctx = doc.context;
  const descriptor = ctx.register(ctx.obj({
    Type: 'FontDescriptor', FontName: 'SimSun', Flags: 4, FontBBox: [0, -140, 1000, 880], ItalicAngle: 0, Ascent: 880, Descent: -120, CapHeight: 700, StemV: 80,
  }));
  // ASCII glyphs half width, the rest full width: how a song typeface spaces them.
  const cid = ctx.register(ctx.obj({
    Type: 'Font', Subtype: 'CIDFontType2', BaseFont: 'SimSun', DW: 1000, W: [32, 126, 500], FontDescriptor: descriptor,
    CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
  }));
  const font = ctx.register(ctx.obj({
    Type: 'Font', Subtype: 'Type0', BaseFont: 'SimSun', Encoding: 'Identity-H', DescendantFonts: [cid], ToUnicode: ctx.register(ctx.flateStream(IDENTITY_CMAP)),
  }));
  page.node.setFontDictionary(PDFName.of('F1'), font);
}

function text(ops: PDFOperator[], s: string, x: number, y: number, size = 9): void {
  const hex = [...s].map((c) => c.codePointAt(0)!.toString(16).padStart(4, '0')).join('');
  ops.push(
    PDFOperator.of(Op.BeginText), PDFOperator.of(Op.SetFontAndSize, [PDFName.of('F1'), PDFNumber.of(size)]),
    PDFOperator.of(Op.MoveText, [PDFNumber.of(x), PDFNumber.of(y)]), PDFOperator.of(Op.ShowText, [PDFHexString.of(hex)]), PDFOperator.of(Op.EndText),
  );
}

const ZH_DATE = (d: string) => `${d.slice(0, 4)}年${d.slice(5, 7)}月${d.slice(8, 10)}日`;

/** The invoice as a one-page PDF (A5 landscape, like an issued electronic invoice). */
export async function invoicePdf(inv: InvoiceDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 420]);
  addFont(doc, page);
  const ops: PDFOperator[] = [];
  const digital = !inv.code;
  text(ops, inv.title, 200, 390, 16);
  if (!digital) text(ops, `发票代码：${inv.code}`, 420, 380);
  text(ops, `发票号码：${inv.number}`, 400, 366);
  text(ops, `开票日期：${ZH_DATE(inv.date)}`, 400, 352);
  if (inv.checkCode) text(ops, `校 验 码：${inv.checkCode.replace(/(\d{5})(?=\d)/g, '$1 ')}`, 400, 338);
  if (digital) {
    // 全电 layout: buyer on the left, seller on the right, on the same rows.
    text(ops, '购买方信息', 20, 310); text(ops, '销售方信息', 300, 310);
    text(ops, `名称：${inv.buyer.name}`, 40, 300); text(ops, `名称：${inv.seller.name}`, 320, 300);
    text(ops, `统一社会信用代码/纳税人识别号：${inv.buyer.taxNo}`, 40, 286); text(ops, `统一社会信用代码/纳税人识别号：${inv.seller.taxNo}`, 320, 286);
  } else {
    text(ops, '购买方', 20, 310);
    text(ops, `名 称：${inv.buyer.name}`, 40, 310);
    text(ops, `纳税人识别号：${inv.buyer.taxNo}`, 40, 296);
  }
  const cols = [30, 170, 230, 270, 310, 370, 440, 500];
  const head = ['项目名称', '规格型号', '单位', '数量', '单价', '金额', '税率/征收率', '税额'];
  head.forEach((h, i) => text(ops, h, cols[i], 262));
  let y = 248;
  for (const it of inv.items) {
    [it.name, it.spec ?? '', it.unit ?? '', it.quantity, it.price, it.amount, it.taxRate, it.tax].forEach((v, i) => v && text(ops, v, cols[i], y));
    y -= 14;
  }
  text(ops, '合 计', 60, 150);
  text(ops, `¥${inv.amount}`, 370, 150);
  text(ops, `¥${inv.tax}`, 500, 150);
  text(ops, '价税合计（大写）', 30, 132);
  text(ops, `（小写）¥${inv.total}`, 420, 132);
  if (!digital) {
    text(ops, '销售方', 20, 110);
    text(ops, `名 称：${inv.seller.name}`, 40, 110);
    text(ops, `纳税人识别号：${inv.seller.taxNo}`, 40, 96);
  }
  page.pushOperators(...ops);
  if (inv.qr !== false) {
    const png = await QRCode.toBuffer(qrText(inv), { margin: 2, scale: 3, errorCorrectionLevel: 'M' });
    page.drawImage(await doc.embedPng(png), { x: 20, y: 340, width: 64, height: 64 });
  }
  return doc.save();
}

/** The invoice as 全电 XML (the national format's element names). */
export function invoiceXml(inv: InvoiceDocument): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const lines = inv.items.map((it) => `<IssuItemInformation><ItemName>${esc(it.name)}</ItemName><SpecMod>${esc(it.spec ?? '')}</SpecMod><MeaUnits>${esc(it.unit ?? '')}</MeaUnits><Quantity>${it.quantity}</Quantity><UnPrice>${it.price}</UnPrice><Amount>${it.amount}</Amount><TaxRate>${it.taxRate}</TaxRate><ComTaxAm>${it.tax}</ComTaxAm></IssuItemInformation>`).join('');
  const label = inv.typeCode === '31' ? '增值税专用发票' : '普通发票';
  return `<?xml version="1.0" encoding="UTF-8"?>
<EInvoice><Header><EIid>${inv.number}</EIid><InherentLabel><EInvoiceType><LabelCode>${inv.typeCode === '31' ? '01' : '02'}</LabelCode><LabelName>${label}</LabelName></EInvoiceType></InherentLabel></Header>
<EInvoiceData><SellerInformation><SellerIdNum>${inv.seller.taxNo}</SellerIdNum><SellerName>${esc(inv.seller.name)}</SellerName></SellerInformation>
<BuyerInformation><BuyerIdNum>${inv.buyer.taxNo}</BuyerIdNum><BuyerName>${esc(inv.buyer.name)}</BuyerName></BuyerInformation>
<BasicInformation><TotalAmWithoutTax>${inv.amount}</TotalAmWithoutTax><TotalTaxAm>${inv.tax}</TotalTaxAm><TotalTax-includedAmount>${inv.total}</TotalTax-includedAmount><RequestTime>${inv.date} 10:12:00</RequestTime></BasicInformation>
${lines}</EInvoiceData>
<TaxSupervisionInfo><InvoiceNumber>${inv.number}</InvoiceNumber><IssueTime>${inv.date}</IssueTime></TaxSupervisionInfo></EInvoice>`;
}
