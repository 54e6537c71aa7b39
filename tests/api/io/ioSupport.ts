/** Shared pieces of the export/import API tests: a form with every exported shape, job polling, file reading. */
import * as XLSX from 'xlsx';
import { expect } from 'vitest';
import type { RecordsApp } from '../records/support/recordsApp.js';

export const IO_FORM = {
  enName: 'io_orders',
  cnName: '订单',
  feature: { enableExportFile: true },
  fields: [
    { enName: 'title', label: '标题', funcType: 'input', required: true },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
    { enName: 'kind', label: '类别', funcType: 'select', options: [{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }] },
    { enName: 'signed', label: '签订日期', funcType: 'dateStamp', format: 'yyyy-MM-dd' },
    { enName: 'urgent', label: '加急', funcType: 'switch' },
    { enName: 'owner', label: '负责人', funcType: 'user' },
    { enName: 'files', label: '附件', funcType: 'upload' },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [
      { enName: 'item', label: '品名', funcType: 'input' },
      { enName: 'price', label: '单价', funcType: 'number' },
    ] },
  ],
};

/** Creates a form (a copy of IO_FORM under another name by default). */
export async function createForm(a: RecordsApp, enName = IO_FORM.enName, token = a.admin): Promise<void> {
  const r = await a.call(token, 'POST', '/api/flowable/form', { ...IO_FORM, enName });
  if (r.status !== 200) throw new Error(`form: ${JSON.stringify(r.json)}`);
}

/** Adds a record through the API; answers its id. */
export async function addRecord(a: RecordsApp, form: string, data: Record<string, unknown>, token = a.admin): Promise<number> {
  const r = await a.call(token, 'POST', `/api/auto/${form}/add`, { formName: form, data });
  if (r.status !== 200) throw new Error(`add: ${JSON.stringify(r.json)}`);
  return r.json.data.id;
}

/** Polls a job until it leaves queued/running; answers its final status. */
export async function waitJob(a: RecordsApp, jobId: string, token = a.admin): Promise<any> {
  let last: any;
  await expect.poll(async () => {
    last = (await a.call(token, 'GET', `/api/jobs/${jobId}`)).json.data;
    return last?.status;
  }, { timeout: 60_000, interval: 200 }).toMatch(/^(done|failed|cancelled|expired)$/);
  return last;
}

/** Downloads a finished job's file through /api/common/download. */
export async function download(a: RecordsApp, url: string, token = a.admin): Promise<{ status: number; body: Buffer }> {
  const res = await a.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.rawPayload };
}

/** Every sheet of a workbook as rows of cells, read by SheetJS (an independent reader). */
export function sheets(body: Buffer): Record<string, unknown[][]> {
  const wb = XLSX.read(body);
  return Object.fromEntries(wb.SheetNames.map((n) => [n, XLSX.utils.sheet_to_json(wb.Sheets[n], { header: 1, raw: true, defval: null }) as unknown[][]]));
}

/** Runs an export to the end; answers the job and the file. */
export async function runExport(a: RecordsApp, form: string, body: Record<string, unknown>, token = a.admin) {
  const r = await a.call(token, 'POST', `/api/auto/${form}/export`, body);
  if (r.status !== 200) return { status: r.status, json: r.json, job: null, file: null };
  const job = await waitJob(a, r.json.data.jobId, token);
  const file = job.downloadUrl ? await download(a, job.downloadUrl, token) : null;
  return { status: 200, json: r.json, job, file };
}

/** A multipart body with one file part named `file`. */
export function multipartFile(name: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const b = `----io${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${b}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

/** Uploads a file to importData (parse only or not); answers the status and envelope. */
export async function postImport(a: RecordsApp, form: string, name: string, content: Buffer, onlyParse: boolean, token = a.admin) {
  const m = multipartFile(name, content);
  const res = await a.app.inject({ method: 'POST', url: `/api/auto/${form}/importData?onlyParse=${onlyParse}`, headers: { authorization: `Bearer ${token}`, ...m.headers }, payload: m.payload });
  return { status: res.statusCode, json: res.json() };
}

/** Imports a file to the end; answers the final job. */
export async function runImport(a: RecordsApp, form: string, name: string, content: Buffer, onlyParse = false, token = a.admin) {
  const r = await postImport(a, form, name, content, onlyParse, token);
  if (r.status !== 200) return { status: r.status, json: r.json, job: null };
  return { status: 200, json: r.json, job: await waitJob(a, r.json.data.jobId, token) };
}

/** A workbook of one sheet from rows (SheetJS, as a user's own tool would write it). */
export function workbook(rows: unknown[][], type: 'xlsx' | 'xls' = 'xlsx'): Buffer {
  return book({ Sheet1: rows }, type);
}

/** A workbook of several sheets, in the given order (SheetJS). */
export function book(sheetsByName: Record<string, unknown[][]>, type: 'xlsx' | 'xls' = 'xlsx'): Buffer {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheetsByName)) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), name);
  return XLSX.write(wb, { type: 'buffer', bookType: type === 'xls' ? 'biff8' : 'xlsx' }) as Buffer;
}

/** The field values of every record of a form, oldest first, without system keys. */
export async function fieldRows(a: RecordsApp, form: string, keys: string[], token = a.admin): Promise<Record<string, unknown>[]> {
  const r = await a.call(token, 'POST', `/api/auto/${form}/list`, { pageNum: 1, pageSize: 1000, sysOrderBy: { field: 'id', order: 'asc' } });
  return r.json.rows.map((row: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, row[k]])));
}

/** How many records a form has (the list's exact total). */
export async function countRows(a: RecordsApp, form: string, token = a.admin): Promise<number> {
  const r = await a.call(token, 'POST', `/api/auto/${form}/list`, { pageNum: 1, pageSize: 1, exactTotal: true });
  return r.json.total;
}
