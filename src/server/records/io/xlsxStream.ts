/**
 * A streaming `.xlsx` writer that writes the SpreadsheetML itself (ADR 0803): inline strings,
 * numbers, one sheet part after the other, the workbook part at the end (as exceljs's
 * WorkbookWriter orders them). Each part is deflated by Node's zlib, which runs on libuv's thread
 * pool, and its CRC by zlib's native crc32, so the event loop only builds the XML text; fflate's
 * `Zip` lays out the archive (local headers, data descriptors, central directory).
 *
 * Measured against exceljs's WorkbookWriter (useSharedStrings/useStyles off) on the export's
 * 15-column rows: see ADR 0803. Limits: no zip64 (a part stays under 4 GiB: a full sheet of
 * 1,048,575 rows × 15 columns is about 1 GiB of XML).
 *
 * Styles (issue 27 item 4): a sheet opened with a header gets columns 15 wide (spec 02 §9), its
 * first row bold on grey and frozen; a column's `ColumnStyle` gives its number format, and a date
 * column's `yyyy-MM-dd…` texts are written as date serials (Excel date cells).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';
import type { Cell, ColumnStyle } from '../../../../schema-adapters/cells/spreadsheetText.js';
import { excelSerial } from './excelSerial.js';

type ZipData = (err: Error | null, data: Uint8Array, final: boolean) => void;

/** A zip entry whose bytes are deflated by a zlib stream (thread pool) as they are written. */
class DeflatedEntry implements ZipInputFile {
  size = 0;
  crc = 0;
  readonly compression = 8;
  readonly mtime = new Date();
  ondata?: ZipData;
  private readonly z: DeflateRaw;
  private readonly ended: Promise<void>;

  constructor(readonly filename: string, level: number) {
    this.z = createDeflateRaw({ level, memLevel: 9, chunkSize: 64 * 1024 });
    this.z.on('data', (d: Buffer) => this.ondata!(null, d, false));
    this.ended = new Promise((resolve, reject) => {
      this.z.on('end', () => {
        this.ondata!(null, new Uint8Array(0), true);
        resolve();
      });
      this.z.on('error', reject);
    });
    this.ended.catch(() => {});
  }

  /** Writes bytes; resolves when zlib can take more. */
  async write(buf: Buffer): Promise<void> {
    this.crc = crc32(buf, this.crc);
    this.size += buf.length;
    if (!this.z.write(buf)) await once(this.z, 'drain');
  }

  async end(): Promise<void> {
    this.z.end();
    await this.ended;
  }

  terminate(): void {
    this.z.destroy();
  }
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
// XML 1.0 cannot carry these control characters at all: they are matched to be dropped.
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/u;
// eslint-disable-next-line no-control-regex
const ESCAPE_ALL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/gu;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text as XML character data: markup escaped, characters XML cannot carry dropped. */
export function xmlText(s: string): string {
  return NEEDS_ESCAPE.test(s) ? s.replace(ESCAPE_ALL, (c) => ENTITIES[c] ?? '') : s;
}

const NEEDS_XSTRING = /_x[0-9A-Fa-f]{4}_|\r/;
const XSTRING_ALL = /_(?=x[0-9A-Fa-f]{4}_)|\r/g;

/**
 * A cell's text as OOXML writes it (ST_Xstring): CR, which an XML reader turns into LF, becomes
 * `_x000D_` (as Excel writes a cell's CRLF), and the underscore of a literal `_xHHHH_` becomes
 * `_x005F_`, so Excel, SheetJS and our importer read the value back exactly. Other control
 * characters stay dropped (xmlText).
 */
export function cellXml(s: string): string {
  return xmlText(NEEDS_XSTRING.test(s) ? s.replace(XSTRING_ALL, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`) : s);
}

/** Column letters of a 0-based index (0 → A, 26 → AA). */
export function columnName(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Spec 02 §9: export columns are 15 characters wide. */
export const EXPORT_COLUMN_WIDTH = 15;

/** The header row's style index (bold on grey); 0 is the default, number formats follow. */
const HEADER_STYLE = 1;

/** Bytes of XML text gathered before they go to zlib. */
const FLUSH_CHARS = 256 * 1024;

/** One workbook written as a stream into `out`. */
export class XlsxStream {
  private readonly zip: Zip;
  private readonly sheets: string[] = [];
  private entry: DeflatedEntry | null = null;
  private text = '';
  private rowNo = 0;
  private cols: string[] = [];
  private failed: Error | null = null;
  /** Number formats in use, in order: cell style `HEADER_STYLE + 1 + i`, format id `164 + i`. */
  private readonly numFmts: string[] = [];
  /** The current sheet's cell style per column (0: default) and whether it writes dates. */
  private styles: number[] = [];
  private dates: boolean[] = [];

  constructor(private readonly out: Writable, private readonly level = 1) {
    this.zip = new Zip((err, chunk, final) => {
      if (err) return void this.fail(err);
      out.write(chunk);
      if (final) out.end();
    });
  }

  private colsFor(n: number): string[] {
    for (let i = this.cols.length; i < n; i++) this.cols.push(columnName(i));
    return this.cols;
  }

  /** The style index of a number format (registered on first use). */
  private styleOf(numFmt: string): number {
    let i = this.numFmts.indexOf(numFmt);
    if (i < 0) i = this.numFmts.push(numFmt) - 1;
    return HEADER_STYLE + 1 + i;
  }

  /**
   * Starts a sheet (the previous one is finished) named `name` (already unique and valid). With
   * `header`, its first row is written bold on grey and frozen, its columns 15 wide, and `styles`
   * format each column's cells.
   */
  async addSheet(name: string, header?: { cells: readonly string[]; styles?: readonly (ColumnStyle | null)[] }): Promise<void> {
    await this.endSheet();
    this.sheets.push(name);
    this.entry = new DeflatedEntry(`xl/worksheets/sheet${this.sheets.length}.xml`, this.level);
    this.zip.add(this.entry);
    this.rowNo = 0;
    const styles = header?.styles ?? [];
    this.styles = styles.map((st) => (st ? this.styleOf(st.numFmt) : 0));
    this.dates = styles.map((st) => st?.date === true);
    let prelude = '';
    if (header) {
      prelude = '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
        + '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>';
      if (header.cells.length) prelude += `<cols><col min="1" max="${header.cells.length}" width="${EXPORT_COLUMN_WIDTH}" customWidth="1"/></cols>`;
    }
    this.text = `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">${prelude}<sheetData>`;
    if (header) await this.addRow(header.cells, true);
  }

  /** Adds a row to the current sheet: numbers as numbers, text as inline strings, null as an empty cell; `header`: bold on grey. */
  async addRow(cells: readonly Cell[], header = false): Promise<void> {
    const r = ++this.rowNo;
    const cols = this.colsFor(cells.length);
    let x = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i];
      if (v === null || v === undefined || v === '') continue;
      const style = header ? HEADER_STYLE : this.styles[i] ?? 0;
      const s = style ? ` s="${style}"` : '';
      if (typeof v === 'number') {
        if (Number.isFinite(v)) x += `<c r="${cols[i]}${r}"${s}><v>${v}</v></c>`;
        continue;
      }
      const serial = !header && this.dates[i] ? excelSerial(v) : null;
      if (serial !== null) {
        x += `<c r="${cols[i]}${r}"${s}><v>${serial}</v></c>`;
        continue;
      }
      x += `<c r="${cols[i]}${r}"${header ? s : ''} t="inlineStr"><is><t xml:space="preserve">${cellXml(v)}</t></is></c>`;
    }
    this.text += `${x}</row>`;
    if (this.text.length >= FLUSH_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.failed) throw this.failed;
    if (!this.text || !this.entry) return;
    const buf = Buffer.from(this.text, 'utf8');
    this.text = '';
    await this.entry.write(buf);
    if ((this.out as Writable & { writableNeedDrain?: boolean }).writableNeedDrain) await once(this.out, 'drain');
    // Let the API's requests in between (a flush is about 300 rows of work).
    else await new Promise<void>((resolve) => setImmediate(resolve));
  }

  private async endSheet(): Promise<void> {
    if (!this.entry) return;
    this.text += '</sheetData></worksheet>';
    await this.flush();
    await this.entry.end();
    this.entry = null;
  }

  private async part(name: string, text: string): Promise<void> {
    const e = new DeflatedEntry(name, constants.Z_DEFAULT_COMPRESSION);
    this.zip.add(e);
    await e.write(Buffer.from(text, 'utf8'));
    await e.end();
  }

  /** Finishes the last sheet, writes the package parts and ends the archive. */
  async close(): Promise<void> {
    if (!this.sheets.length) await this.addSheet('Sheet1');
    await this.endSheet();
    const n = this.sheets.length;
    const sheetIds = this.sheets.map((_, i) => i + 1);
    await this.part('xl/styles.xml', this.stylesXml());
    await this.part('xl/workbook.xml', `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><bookViews><workbookView/></bookViews><sheets>`
      + this.sheets.map((s, i) => `<sheet name="${xmlText(s)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') + '</sheets></workbook>');
    await this.part('xl/_rels/workbook.xml.rels', `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">`
      + sheetIds.map((i) => `<Relationship Id="rId${i}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('')
      + `<Relationship Id="rId${n + 1}" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`);
    await this.part('_rels/.rels', `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
    await this.part('[Content_Types].xml', `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
      + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
      + sheetIds.map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')
      + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>');
    if (this.failed) throw this.failed;
    this.zip.end();
  }

  /** The style sheet: the default, the header (bold on a grey fill) and one style per number format. */
  private stylesXml(): string {
    const fmts = this.numFmts.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(f)}"/>`).join('');
    const xfs = this.numFmts.map((_, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join('');
    return `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">`
      + (fmts ? `<numFmts count="${this.numFmts.length}">${fmts}</numFmts>` : '')
      + '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
      + '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>'
      + '<fill><patternFill patternType="solid"><fgColor rgb="FFD9D9D9"/><bgColor indexed="64"/></patternFill></fill></fills>'
      + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
      + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
      + `<cellXfs count="${2 + this.numFmts.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>`
      + '<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1"/>'
      + `${xfs}</cellXfs>`
      + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
  }

  /** Stops: the archive stream ends with `err`. */
  fail(err: Error): void {
    if (this.failed) return;
    this.failed = err;
    this.entry?.terminate();
    this.zip.terminate();
    this.out.destroy(err);
  }
}
