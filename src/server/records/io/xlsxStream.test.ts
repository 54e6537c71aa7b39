import { Readable } from 'node:stream';
import * as XLSX from 'xlsx';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import ExcelJS from './exceljs';
import { neutralise, type Cell } from '../../../../schema-adapters/cells/spreadsheetText';
import { readSheetRows } from './importRead';
import { exceljsXlsxWriter, xlsxWriter, type TableWriter } from './tableWriter';
import { cellXml, columnName, xmlText } from './xlsxStream';

async function write(w: TableWriter, sheets: { name: string; headers: string[]; rows: Cell[][] }[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  w.out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => w.out.on('end', r));
  for (const s of sheets) {
    await w.sheet(s.name, s.headers);
    for (const r of s.rows) await w.row(r);
  }
  await w.close();
  await ended;
  return Buffer.concat(chunks);
}

const ROWS: Cell[][] = [
  ['钢筋采购', 12.5, '2026-03-01', neutralise('=SUM(A1:A2)'), null, '是'],
  ['a & b <c> "d"', -3, '2026-03-01 08:30:00', neutralise('+86 138'), '系统管理员', '否'],
  ['ctl\u0001char', 0, '09:30', neutralise('@cmd'), '😀 表情', null],
  [neutralise('-1+2'), 1e21, '', 'tab\tand\nline', 'x', 'y'],
];
const HEADERS = ['标题', '金额', '日期', '公式', '负责人', '开关'];
const EXPECTED = [
  ['钢筋采购', 12.5, '2026-03-01', "'=SUM(A1:A2)", null, '是'],
  ['a & b <c> "d"', -3, '2026-03-01 08:30:00', "'+86 138", '系统管理员', '否'],
  ['ctlchar', 0, '09:30', "'@cmd", '😀 表情', null],
  ["'-1+2", 1e21, null, 'tab\tand\nline', 'x', 'y'],
];

describe('the direct .xlsx writer (ADR 0803)', () => {
  it('names columns and escapes text', () => {
    expect([0, 25, 26, 27, 701, 702, 16383].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA', 'XFD']);
    expect(xmlText('a<b>&"c"\u0000\ud800x')).toBe('a&lt;b&gt;&amp;&quot;c&quot;x');
    expect(xmlText('钢筋😀')).toBe('钢筋😀');
  });

  it('keeps CR and a literal _xHHHH_ through SheetJS and the importer (OOXML escapes)', async () => {
    expect(cellXml('a\r\nb')).toBe('a_x000D_\nb');
    expect(cellXml('料号_x0041_')).toBe('料号_x005F_x0041_');
    const values = ['第一行\r\n第二行', 'lone\rcr', '料号_x0041_与_x000D_', '_x', 'plain'];
    const file = await write(xlsxWriter(), [{ name: '订单', headers: ['备注'], rows: values.map((v) => [v]) }]);
    const sheet = XLSX.read(file).Sheets['订单'];
    // SheetJS reads a cell's CRLF as one line break (LF), as Excel shows it; a lone CR stays.
    expect((XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true }) as unknown[][]).slice(1).map((r) => r[0]))
      .toEqual(values.map((v) => v.replace(/\r\n/g, '\n')));
    const streamed: unknown[] = [];
    for await (const r of readSheetRows(Readable.from([file]), 'xlsx')) streamed.push(r.cells[0]);
    expect(streamed.slice(1)).toEqual(values);
  });

  it('writes a workbook SheetJS reads back: numbers, Chinese text, neutralised formulas, sub-form sheet', async () => {
    const file = await write(xlsxWriter(), [{ name: '订单', headers: HEADERS, rows: ROWS }, { name: '明细', headers: ['主表序号', '品名'], rows: [[1, '螺纹钢'], [1, '线材']] }]);
    const wb = XLSX.read(file);
    expect(wb.SheetNames).toEqual(['订单', '明细']);
    const main = XLSX.utils.sheet_to_json(wb.Sheets['订单'], { header: 1, raw: true, defval: null }) as unknown[][];
    expect(main).toEqual([HEADERS, ...EXPECTED]);
    // No cell is a formula: the neutralised texts stay strings.
    expect(Object.values(wb.Sheets['订单']).filter((c) => c && typeof c === 'object' && 'f' in c)).toEqual([]);
    expect(XLSX.utils.sheet_to_json(wb.Sheets['明细'], { header: 1, raw: true })).toEqual([['主表序号', '品名'], [1, '螺纹钢'], [1, '线材']]);
  });

  it('writes a workbook exceljs reads back, whole and streaming', async () => {
    const file = await write(xlsxWriter(), [{ name: '订单', headers: HEADERS, rows: ROWS }]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('订单')!;
    const got: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => got.push(HEADERS.map((_, i) => row.getCell(i + 1).value ?? null)));
    expect(got).toEqual([HEADERS, ...EXPECTED]);
    const streamed: unknown[][] = [];
    for await (const r of readSheetRows(Readable.from([file]), 'xlsx')) streamed.push(HEADERS.map((_, i) => r.cells[i] ?? null));
    expect(streamed).toEqual([HEADERS, ...EXPECTED]);
  });

  it('goes on in a second sheet past the row limit, with the header again', async () => {
    const rows: Cell[][] = Array.from({ length: 7 }, (_, i) => [`行${i}`, i]);
    const file = await write(xlsxWriter(3), [{ name: '订单', headers: ['标题', '序号'], rows }]);
    const wb = XLSX.read(file);
    expect(wb.SheetNames).toEqual(['订单', '订单(2)', '订单(3)']);
    expect(XLSX.utils.sheet_to_json(wb.Sheets['订单(3)'], { header: 1, raw: true })).toEqual([['标题', '序号'], ['行6', 6]]);
    const parts = Object.keys(unzipSync(new Uint8Array(file)));
    expect(parts).toEqual(expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/worksheets/sheet3.xml']));
  });

  it('gives the same cells as the former exceljs writer', async () => {
    const rows: Cell[][] = Array.from({ length: 500 }, (_, i) => [`钢筋采购${i}`, i + 0.5, `备注${i}`, i % 2 ? '是' : null]);
    const read = (b: Buffer) => XLSX.utils.sheet_to_json(XLSX.read(b).Sheets['表'], { header: 1, raw: true, defval: null });
    const a = await write(xlsxWriter(), [{ name: '表', headers: ['a', 'b', 'c', 'd'], rows }]);
    const b = await write(exceljsXlsxWriter(), [{ name: '表', headers: ['a', 'b', 'c', 'd'], rows }]);
    expect(read(a)).toEqual(read(b));
  });

  it('ends its stream with the error when the export fails', async () => {
    const w = xlsxWriter();
    const failed = new Promise<Error>((resolve) => w.out.on('error', resolve));
    w.out.resume();
    await w.sheet('表', ['a']);
    await w.row(['x']);
    w.fail(new Error('cancelled'));
    expect((await failed).message).toBe('cancelled');
  });
});
