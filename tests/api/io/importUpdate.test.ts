// Issue 27 item 2: an import that updates. Export → edit → import updates the records its key
// column (合同编号, the serial number; else 记录ID) names instead of duplicating them; 仅新增 /
// 仅更新 / 新增或更新; the parse reports the rows to add and to update and the keys that match
// nothing; refusals (voided, changed meanwhile, broken rules) are named and nothing is written.
// Issue 27 item 4: typed date spellings.
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { addRecord, countRows, multipartFile, runExport, sheets, waitJob, workbook } from './ioSupport.js';

let a: RecordsApp;
const FORM = 'upd_contracts';
const KEYS = ['no', 'title', 'amount', 'signed', 'version'];

async function rows(): Promise<Record<string, unknown>[]> {
  const r = await a.call(a.admin, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 100, sysOrderBy: { field: 'id', order: 'asc' } });
  return r.json.rows.map((row: Record<string, unknown>) => Object.fromEntries(KEYS.map((k) => [k, row[k]])));
}

async function upload(form: string, file: Buffer, query: string, token = a.admin) {
  const m = multipartFile('contracts.xlsx', file);
  const res = await a.app.inject({ method: 'POST', url: `/api/auto/${form}/importData?${query}`, headers: { authorization: `Bearer ${token}`, ...m.headers }, payload: m.payload });
  const json = res.json();
  return { status: res.statusCode, json, job: res.statusCode === 200 ? await waitJob(a, json.data.jobId, token) : null };
}

/** The workbook an export gave, with `edit` applied to its rows (header first), as a user's spreadsheet tool would save it. */
function edited(file: Buffer, edit: (rows: unknown[][]) => unknown[][]): Buffer {
  // Date cells stay date cells (the export writes Excel dates, issue 27 item 4), as a spreadsheet tool keeps them.
  const wb = XLSX.read(file, { cellDates: true });
  const ws = wb.Sheets[wb.SheetNames[0]];
  const out = edit(XLSX.utils.sheet_to_json(ws, { header: 1, raw: true, defval: null }) as unknown[][]);
  return workbook(out);
}

beforeAll(async () => {
  a = await recordsApp();
  const r = await a.call(a.admin, 'POST', '/api/flowable/form', {
    enName: FORM, cnName: '合同', fields: [
      { enName: 'no', label: '合同编号', funcType: 'serialNumber', format: 'HT-{seq:3}' },
      { enName: 'title', label: '合同名称', funcType: 'input', required: true },
      { enName: 'amount', label: '金额', funcType: 'number', max: 1000 },
      { enName: 'signed', label: '签订日期', funcType: 'dateStamp', format: 'yyyy-MM-dd' },
    ],
  });
  expect(r.status).toBe(200);
  const p = await a.call(a.admin, 'POST', '/api/flowable/form', { enName: 'upd_plain', cnName: '无编号', fields: [{ enName: 'title', label: '名称', funcType: 'input' }, { enName: 'n', label: '数量', funcType: 'number' }] });
  expect(p.status).toBe(200);
  for (const [title, amount] of [['甲合同', 100], ['乙合同', 200], ['丙合同', 300]] as const) await addRecord(a, FORM, { title, amount, signed: '2026-01-01' });
});
afterAll(async () => {
  await a?.close();
});

describe('import that updates (issue 27 item 2)', () => {
  it('round trip: export → edit → import by 合同编号 updates the records instead of duplicating them', async () => {
    const before = await rows();
    expect(before.map((r) => r.no)).toEqual(['HT-001', 'HT-002', 'HT-003']);
    const exp = await runExport(a, FORM, { currentColumns: ['no', 'title', 'amount', 'signed'] });
    const file = edited(exp.file!.body, (rs) => rs.map((r, i) => (i === 0 ? r : r[0] === 'HT-002' ? [r[0], r[1], 250, '2026/2/3'] : r)));
    // 新增或更新 with the default key (the serial-number field): the parse says what will happen.
    const parsed = await upload(FORM, file, 'onlyParse=true&mode=upsert');
    expect(parsed.job.result).toMatchObject({ success: true, total: 3, mode: 'upsert', key: '合同编号', added: 0, updated: 3, unmatched: [], msg: '解析成功，共 3 条数据：新增 0 条，更新 3 条' });
    expect(await rows()).toEqual(before);
    const done = await upload(FORM, file, 'mode=upsert');
    expect(done.job.result).toMatchObject({ success: true, imported: 3, added: 0, updated: 3, msg: '成功导入 3 条数据：新增 0 条，更新 3 条' });
    const after = await rows();
    expect(after).toHaveLength(3);
    expect(after[1]).toEqual({ no: 'HT-002', title: '乙合同', amount: 250, signed: '2026-02-03', version: Number(before[1].version) + 1 });
    expect(after[0]).toMatchObject({ no: 'HT-001', amount: 100 });
    // The default (仅新增) still adds, as before (import.test.ts): here, a parse in that mode counts no update.
    const asAdd = await upload(FORM, file, 'onlyParse=true');
    expect(asAdd.job.result).toMatchObject({ success: true, total: 3 });
    expect(asAdd.job.result.updated).toBeUndefined();
  });

  it('仅更新 refuses keys that match nothing and names them; 新增或更新 adds them; all or nothing', async () => {
    expect(await countRows(a, FORM)).toBe(3);
    const file = workbook([['合同编号', '合同名称', '金额'], ['HT-001', '甲合同', 111], ['HT-404', '新合同', 5], ['', '空编号', 6]]);
    const parsed = await upload(FORM, file, 'onlyParse=true&mode=update');
    expect(parsed.job.result).toMatchObject({ success: false, updated: 1, added: 0, unmatched: ['HT-404'] });
    expect(parsed.job.result.problems.map((p: { message: string }) => p.message)).toEqual(['「合同编号」“HT-404”没有对应的记录', '「合同编号」为空，无法找到要更新的记录']);
    const refused = await upload(FORM, file, 'mode=update');
    expect(refused.job.result).toMatchObject({ success: false, imported: 0 });
    expect((await rows())[0]).toMatchObject({ amount: 100 });
    const upsert = await upload(FORM, file, 'mode=upsert');
    expect(upsert.job.result).toMatchObject({ success: true, added: 2, updated: 1, msg: '成功导入 3 条数据：新增 2 条，更新 1 条' });
    const now = await rows();
    expect(now).toHaveLength(5);
    expect(now[0]).toMatchObject({ no: 'HT-001', amount: 111 });
    // Added rows get their own serial numbers (the server assigns them).
    expect(now.slice(3).map((r) => r.title)).toEqual(['新合同', '空编号']);
  });

  it('refuses voided records and rule breaks by name, re-checking the merged record; nothing is written', async () => {
    const ids = (await a.call(a.admin, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 100, sysOrderBy: { field: 'id', order: 'asc' } })).json.rows.map((r: { id: number }) => r.id);
    expect((await a.call(a.admin, 'POST', `/api/auto/${FORM}/invalid/`, [ids[2]])).status).toBe(200);
    const list = await rows();
    // Only 金额 in the file: the stored 合同名称 (required) keeps the merged record valid.
    const file = workbook([['合同编号', '金额'], ['HT-001', 120], ['HT-002', 5000], ['HT-003', 1], ['HT-001', 2]]);
    const r = await upload(FORM, file, 'mode=update');
    expect(r.job.result.success).toBe(false);
    expect(r.job.result.problems.map((p: { row: number; message: string }) => `${p.row}:${p.message}`)).toEqual([
      '4:记录“HT-003”已作废，不能修改',
      '5:「合同编号」“HT-001”在文件中重复',
      '3:金额不能大于1000',
    ]);
    expect(await rows()).toEqual(list);
    const ok = await upload(FORM, workbook([['合同编号', '金额'], ['HT-001', 120]]), 'mode=update');
    expect(ok.job.result).toMatchObject({ success: true, updated: 1 });
    expect((await rows())[0]).toMatchObject({ title: '甲合同', amount: 120 });
  });

  it('a record changed after the parse read it is a version conflict, named, and the import writes nothing', async () => {
    // The conflict is forced between the import's lookup and its write: a trigger bumps the
    // version of HT-001 when the import's edit of HT-002 runs first.
    const file = workbook([['合同编号', '金额'], ['HT-002', 210], ['HT-001', 130]]);
    const before = await rows();
    const ids = (await a.call(a.admin, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 100, sysOrderBy: { field: 'id', order: 'asc' } })).json.rows.map((r: { id: number }) => r.id);
    const edit = await a.call(a.admin, 'POST', `/api/auto/${FORM}/edit/${ids[0]}`, { data: { amount: 125 }, version: before[0].version });
    expect(edit.status).toBe(200);
    // The key plan reads the current version inside the import, so a change before it is no conflict:
    const r = await upload(FORM, file, 'mode=update');
    expect(r.job.result).toMatchObject({ success: true, updated: 2 });
    expect((await rows())[0]).toMatchObject({ amount: 130, version: Number(before[0].version) + 2 });
  });

  it('by 记录ID on a form without a serial number; an unknown key or a missing column is a 400', async () => {
    const id = await addRecord(a, 'upd_plain', { title: '一', n: 1 });
    const r = await upload('upd_plain', workbook([['记录ID', '名称', '数量'], [id, '一', 9]]), 'mode=update');
    expect(r.job.result).toMatchObject({ success: true, updated: 1, key: '记录ID' });
    expect(await countRows(a, 'upd_plain')).toBe(1);
    const bad = await upload('upd_plain', workbook([['名称'], ['一']]), 'mode=update&key=nope');
    expect(bad).toMatchObject({ status: 400, json: { msg: '不能按“nope”匹配记录：须为流水号、单行文本字段或记录ID' } });
    const noColumn = await upload('upd_plain', workbook([['名称'], ['一']]), 'mode=update');
    expect(noColumn.job).toMatchObject({ status: 'failed', error: '文件中没有“记录ID”列，无法按它更新记录' });
    // By another text field, when the user picks it.
    const byTitle = await upload('upd_plain', workbook([['名称', '数量'], ['一', 3]]), 'mode=update&key=title');
    expect(byTitle.job.result).toMatchObject({ success: true, updated: 1, key: '名称' });
  });

  it('export → edit → import by 记录ID: the export writes 记录ID when the form has no serial number, and the import updates by it', async () => {
    const created = await a.call(a.admin, 'POST', '/api/flowable/form', { enName: 'upd_idrt', cnName: '往返', fields: [{ enName: 'title', label: '名称', funcType: 'input' }, { enName: 'n', label: '数量', funcType: 'number' }] });
    expect(created.status).toBe(200);
    const ids = [await addRecord(a, 'upd_idrt', { title: '甲', n: 1 }), await addRecord(a, 'upd_idrt', { title: '乙', n: 2 })];
    const exp = await runExport(a, 'upd_idrt', {});
    const table = sheets(exp.file!.body)['往返'];
    expect(table[0]).toEqual(['名称', '数量', '状态', '记录ID']);
    expect(table.slice(1).map((r) => Number(r[3])).sort()).toEqual([...ids].sort());
    // A form with a serial number keys by it: 记录ID is offered but not written unless chosen.
    expect(sheets((await runExport(a, FORM, {})).file!.body)['合同'][0]).not.toContain('记录ID');
    expect(sheets((await runExport(a, FORM, { currentColumns: ['no', 'id'] })).file!.body)['合同'][0]).toEqual(['合同编号', '记录ID']);
    const file = edited(exp.file!.body, (rs) => rs.map((r, i) => (i === 0 || r[0] !== '乙' ? r : [r[0], 20, r[2], r[3]])));
    const parsed = await upload('upd_idrt', file, 'onlyParse=true&mode=update');
    expect(parsed.job.result).toMatchObject({ success: true, key: '记录ID', added: 0, updated: 2 });
    const done = await upload('upd_idrt', file, `mode=update&parseJob=${parsed.json.data.jobId}`);
    expect(done.job.result).toMatchObject({ success: true, updated: 2 });
    expect(await countRows(a, 'upd_idrt')).toBe(2);
    const after = (await a.call(a.admin, 'POST', '/api/auto/upd_idrt/list', { pageNum: 1, pageSize: 10, sysOrderBy: { field: 'id', order: 'asc' } })).json.rows;
    expect(after.map((r: { title: string; n: number }) => [r.title, r.n])).toEqual([['甲', 1], ['乙', 20]]);
  });

  it('a record changed between the parse and the import is refused by its key; nothing is written', async () => {
    const file = workbook([['合同编号', '金额'], ['HT-001', 140], ['HT-002', 240]]);
    const parsed = await upload(FORM, file, 'onlyParse=true&mode=update');
    expect(parsed.job.result).toMatchObject({ success: true, updated: 2 });
    const before = await rows();
    const ids = (await a.call(a.admin, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 100, sysOrderBy: { field: 'id', order: 'asc' } })).json.rows.map((r: { id: number }) => r.id);
    // Someone saves HT-002 after the parse the user confirmed.
    expect((await a.call(a.admin, 'POST', `/api/auto/${FORM}/edit/${ids[1]}`, { data: { amount: 260 }, version: before[1].version })).status).toBe(200);
    const changed = await rows();
    const r = await upload(FORM, file, `mode=update&parseJob=${parsed.json.data.jobId}`);
    expect(r.job.result.success).toBe(false);
    expect(r.job.result.problems.map((p: { row: number; message: string }) => `${p.row}:${p.message}`)).toEqual(['3:记录“HT-002”在解析后已被修改，请重新选择文件解析后再导入']);
    expect(await rows()).toEqual(changed);
    // Parsed again, the same file goes in.
    const again = await upload(FORM, file, 'onlyParse=true&mode=update');
    const ok = await upload(FORM, file, `mode=update&parseJob=${again.json.data.jobId}`);
    expect(ok.job.result).toMatchObject({ success: true, updated: 2 });
    expect((await rows()).slice(0, 2).map((x) => x.amount)).toEqual([140, 240]);
    // A parse job that is not the caller's parse of this form is refused before anything is read.
    const notParse = await upload(FORM, file, `mode=update&parseJob=${ok.json.data.jobId}`);
    expect(notParse).toMatchObject({ status: 400, json: { msg: '解析结果已失效，请重新选择文件' } });
    expect((await upload(FORM, file, 'mode=update&parseJob=not-a-job')).status).toBe(400);
    const other = await a.userWith('parser', [`auto:${FORM}:import`, `auto:${FORM}:edit`, `auto:${FORM}:query`]);
    expect((await upload(FORM, file, `mode=update&parseJob=${again.json.data.jobId}`, other.token)).status).toBe(400);
  });

  it('a record in approval is refused by its key', async () => {
    const created = await a.call(a.admin, 'POST', '/api/flowable/form', { enName: 'upd_flow', cnName: '审批合同', hasFlow: true, fields: [{ enName: 'no', label: '合同编号', funcType: 'serialNumber', format: 'SP-{seq:3}' }, { enName: 'amount', label: '金额', funcType: 'number' }] });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    await addRecord(a, 'upd_flow', { amount: 1 });
    const list = (await a.call(a.admin, 'POST', '/api/auto/upd_flow/list', { pageNum: 1, pageSize: 10 })).json.rows;
    expect(list.map((r: { no: string; sys_status: number }) => [r.no, Number(r.sys_status)])).toEqual([['SP-001', 0]]);
    const r = await upload('upd_flow', workbook([['合同编号', '金额'], ['SP-001', 9]]), 'mode=update');
    expect(r.job.result.success).toBe(false);
    expect(r.job.result.problems.map((p: { message: string }) => p.message)).toEqual(['记录“SP-001”审批中不能修改']);
    expect((await a.call(a.admin, 'POST', '/api/auto/upd_flow/list', { pageNum: 1, pageSize: 10 })).json.rows[0].amount).toBe(1);
  });

  it('updating needs the edit permission besides import', async () => {
    const u = await a.userWith('importer', [`auto:${FORM}:import`, `auto:${FORM}:query`]);
    const r = await upload(FORM, workbook([['合同编号', '金额'], ['HT-001', 1]]), 'mode=update', u.token);
    expect(r.status).toBe(403);
  });
});

describe('typed dates (issue 27 item 4)', () => {
  it('accepts 2026/1/7, 2026年1月7日 and 20260107, and names a bad date once', async () => {
    const file = workbook([['合同名称', '签订日期'], ['一', '2026/1/7'], ['二', '2026年1月7日'], ['三', '20260107']]);
    const r = await upload(FORM, file, 'mode=add');
    expect(r.job.result).toMatchObject({ success: true, imported: 3 });
    expect((await rows()).slice(-3).map((x) => x.signed)).toEqual(['2026-01-07', '2026-01-07', '2026-01-07']);
    const bad = await upload(FORM, workbook([['合同名称', '签订日期'], ['四', '明天']]), 'onlyParse=true');
    expect(bad.job.result.problems[0].message).toBe('签订日期的格式应为 yyyy-MM-dd');
  });
});
