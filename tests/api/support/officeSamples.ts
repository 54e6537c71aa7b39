/**
 * Office and PDF files made in a test, and a PDF's text read back: shared by the API test of the
 * office calls and the browser test of 文档管理 (both run LibreOffice through the server).
 */
import { execFileSync } from 'node:child_process';
import { strToU8, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Whether `soffice` is on the PATH; without it the conversion cases cannot mean anything (`who` names the skipping file). */
export function sofficeInstalled(who: string): boolean {
  try {
    execFileSync('which', ['soffice'], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn(`${who}: soffice is not installed, the conversion cases are SKIPPED (apt-get install libreoffice-writer-nogui)`);
    return false;
  }
}

/** A minimal but real .docx with one paragraph. */
export function docxWithText(text: string): Buffer {
  const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
      '_rels/.rels': strToU8('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
      'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${w}"><w:body><w:p><w:r><w:t>${escaped}</w:t></w:r></w:p></w:body></w:document>`),
    }),
  );
}

/** A one-page PDF (400 × 300 pt) showing `text` (Latin letters: the standard font has no CJK). */
export async function pdfWithText(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([400, 300]).drawText(text, { x: 40, y: 150, size: 16, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** The text of each page, read with pdfjs-dist. */
export async function pdfPageTexts(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const out: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) out.push((await (await doc.getPage(i)).getTextContent()).items.map((it) => ('str' in it ? it.str : '')).join(' '));
  await doc.destroy();
  return out;
}
