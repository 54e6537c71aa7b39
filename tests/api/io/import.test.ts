import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { testDatabaseKind } from '../support/testDatabase.js';
import { xlsxWriter } from '../../../src/server/records/io/tableWriter.js';
import { addRecord, book, countRows, createForm, download, fieldRows, postImport, runExport, runImport, sheets, waitJob, workbook } from './ioSupport.js';

let a: RecordsApp;
const KEYS = ['title', 'amount', 'kind', 'kind$view', 'signed', 'urgent', 'owner', 'owner$view'];

beforeAll(async () => {
  a = await recordsApp();
  await createForm(a, 'io_orders');
  await createForm(a, 'io_copy');
  await createForm(a, 'io_target');
  const me = (await a.call(a.admin, 'GET', '/api/getInfo')).json.user.userId;
  await addRecord(a, 'io_orders', { title: '第一单', amount: 1234.5, kind: 'a', signed: '2026-03-01', urgent: true, owner: me });
  await addRecord(a, 'io_orders', { title: '=1+2', amount: -7, kind: 'b', signed: '2026-04-02', urgent: false });
  await addRecord(a, 'io_orders', { title: '第三单', kind: 'b' });
});
afterAll(async () => {
  await a?.close();
});

describe('import', () => {
  it('gives a template of the import columns, and one per sub-form', async () => {
    const main = await download(a, '/api/auto/io_orders/importTemplate');
    expect(main.status).toBe(200);
    expect(sheets(main.body)['订单'][0]).toEqual(['*标题', '金额', '类别', '签订日期', '加急', '负责人', '附件']);
    // The form's template also carries a sheet per sub-form, keyed by the main row's ordinal.
    expect(sheets(main.body)['明细'][0]).toEqual(['主表序号', '品名', '单价']);
    const sub = await download(a, '/api/auto/io_orders/importTemplate?subForm=lines');
    expect(Object.values(sheets(sub.body))[0][0]).toEqual(['主表序号', '品名', '单价']);
    expect((await download(a, '/api/auto/io_orders/importTemplate?subForm=nope')).status).toBe(400);
  });

  it('round trip: an export imported into an empty copy of the form gives the same rows', async () => {
    const exp = await runExport(a, 'io_orders', { currentColumns: ['title', 'amount', 'kind', 'signed', 'urgent', 'owner'] });
    const parsed = await runImport(a, 'io_copy', 'orders.xlsx', exp.file!.body, true);
    expect(parsed.job.status).toBe('done');
    expect(parsed.job.result).toMatchObject({ success: true, total: 3, problemCount: 0, imported: 0 });
    expect(parsed.job.result.preview[0][0]).toBe('第三单');
    expect(await fieldRows(a, 'io_copy', KEYS)).toEqual([]);
    const done = await runImport(a, 'io_copy', 'orders.xlsx', exp.file!.body, false);
    expect(done.job.result).toMatchObject({ success: true, imported: 3, msg: '成功导入 3 条数据' });
    // The export is newest first; the copy was written in file order.
    expect(await fieldRows(a, 'io_copy', KEYS)).toEqual((await fieldRows(a, 'io_orders', KEYS)).reverse());
    const log = await a.db.selectFrom('oper_log').select('business_type').where('business_type', '=', 6).execute();
    expect(log).toHaveLength(1);
  });

  it('imports sub-form rows from their sheets, each under the main row its 主表序号 names', async () => {
    await createForm(a, 'io_subs');
    const file = book({
      订单: [['标题', '金额'], ['带明细', 10], ['无明细', 20], ['两行', 30]],
      明细: [['主表序号', '品名', '单价'], [1, '钢筋', 4.5], [3, '水泥', 2], [3, '砂', 1], [1, '螺丝', 0.5]],
    });
    const parsed = await runImport(a, 'io_subs', 'subs.xlsx', file, true);
    expect(parsed.job.result).toMatchObject({ success: true, total: 3, subRows: 4, problemCount: 0, msg: '解析成功，共 3 条数据（含子表单 4 行）' });
    const done = await runImport(a, 'io_subs', 'subs.xlsx', file);
    expect(done.job.result).toMatchObject({ success: true, imported: 3, msg: '成功导入 3 条数据（含子表单 4 行）' });
    const rows = await fieldRows(a, 'io_subs', ['id', 'title']);
    const lines = async (id: unknown) => (await a.call(a.admin, 'GET', `/api/auto/io_subs/${id}`)).json.data.lines.map((l: any) => [l.item, l.price]);
    expect(rows.map((r) => r.title)).toEqual(['带明细', '无明细', '两行']);
    expect(await lines(rows[0].id)).toEqual([['钢筋', 4.5], ['螺丝', 0.5]]);
    expect(await lines(rows[1].id)).toEqual([]);
    expect(await lines(rows[2].id)).toEqual([['水泥', 2], ['砂', 1]]);
  });

  it('round trip with sub-forms: the 明细 sheet of an export imports back under the same records', async () => {
    await createForm(a, 'io_subs_src');
    await createForm(a, 'io_subs_copy');
    await addRecord(a, 'io_subs_src', { title: '甲单', lines: [{ item: '螺丝', price: 2 }, { item: '螺母', price: 3.5 }] });
    await addRecord(a, 'io_subs_src', { title: '乙单', lines: [] });
    await addRecord(a, 'io_subs_src', { title: '丙单', lines: [{ item: '垫片', price: 1 }] });
    const exp = await runExport(a, 'io_subs_src', { currentColumns: ['title'], subFormColumns: [{ formName: 'lines', columns: ['item', 'price'] }] });
    const done = await runImport(a, 'io_subs_copy', 'orders.xlsx', exp.file!.body);
    expect(done.job.result).toMatchObject({ success: true, imported: 3 });
    const shape = async (form: string) => {
      const rows = await fieldRows(a, form, ['id', 'title']);
      return Promise.all(rows.map(async (r) => [r.title, (await a.call(a.admin, 'GET', `/api/auto/${form}/${r.id}`)).json.data.lines.map((l: any) => [l.item, l.price])]));
    };
    // The export is newest first; the copy was written in file order.
    expect(await shape('io_subs_copy')).toEqual((await shape('io_subs_src')).reverse());
  });

  it('a bad sub-row, a 主表序号 without its main row or an unknown sheet refuses the whole import', async () => {
    await createForm(a, 'io_subs_bad');
    const file = book({
      订单: [['标题'], ['好的'], ['也好']],
      明细: [['主表序号', '品名', '单价'], [1, '钢筋', 'abc'], [9, '水泥', 2], ['第一', '砂', 1]],
      杂项: [['备注'], ['x']],
    });
    const r = await runImport(a, 'io_subs_bad', 'bad.xlsx', file);
    expect(r.job.result).toMatchObject({ success: false, imported: 0 });
    expect(r.job.result.problems).toEqual(expect.arrayContaining([
      { row: 2, column: '明细-单价', value: 'abc', message: '「单价」须为数字' },
      { row: 3, column: '明细-主表序号', value: '9', message: '主表中没有序号为 9 的数据' },
      { row: 4, column: '明细-主表序号', value: '第一', message: '「主表序号」须为主表数据的序号（正整数）' },
      { row: 1, column: '杂项', value: '备注', message: '无法识别的工作表：首列须为“主表序号”，其余列须为子表单的列' },
    ]));
    expect(await countRows(a, 'io_subs_bad')).toBe(0);
  });

  it('imports csv, and legacy xls through SheetJS', async () => {
    const csv = Buffer.from('\ufeff标题,金额,类别\r\nCSV单,5,甲\r\n');
    expect((await runImport(a, 'io_target', 'a.csv', csv)).job.result.imported).toBe(1);
    const xls = workbook([['标题', '金额', '加急'], ['XLS单', 6, '是']], 'xls');
    expect((await runImport(a, 'io_target', 'b.xls', xls)).job.result.imported).toBe(1);
    expect(await fieldRows(a, 'io_target', ['title', 'amount', 'kind$view', 'urgent'])).toEqual([
      { title: 'CSV单', amount: 5, kind$view: '甲', urgent: null },
      { title: 'XLS单', amount: 6, kind$view: null, urgent: true },
    ]);
  });

  it('a bad row refuses the whole import and the error report names it', async () => {
    const before = await fieldRows(a, 'io_target', ['title']);
    const file = workbook([['标题', '金额', '类别', '负责人'], ['好的', 1, '甲', 'admin'], ['', 'abc', '丁', '没有这个人'], ['也好', 2, '乙', null]]);
    const r = await runImport(a, 'io_target', 'bad.xlsx', file);
    expect(r.job.error).toBe(null);
    expect(r.job.status).toBe('done');
    expect(r.job.result.success).toBe(false);
    expect(r.job.result.imported).toBe(0);
    expect(r.job.result.problems).toEqual(expect.arrayContaining([
      { row: 3, column: '金额', value: 'abc', message: '「金额」须为数字' },
      { row: 3, column: '类别', value: '丁', message: '「类别」没有选项“丁”' },
      { row: 3, column: '负责人', value: '没有这个人', message: '用户“没有这个人”不存在' },
      { row: 3, column: '标题', value: '', message: '标题不能为空' },
    ]));
    expect(await fieldRows(a, 'io_target', ['title'])).toEqual(before);
    const report = await download(a, r.job.result.errorReportUrl);
    const rows = Object.values(sheets(report.body))[0];
    expect(rows[0]).toEqual(['行号', '列', '值', '问题']);
    expect(rows).toContainEqual([3, '类别', '丁', '「类别」没有选项“丁”']);
  });

  it('refuses other file kinds with the hint, and needs the import permission', async () => {
    const r = await postImport(a, 'io_target', 'a.txt', Buffer.from('x'), false);
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe('提示：仅允许导入“xls”或“xlsx”格式文件！');
    const reader = await a.userWith('imp_reader', ['auto:io_target:query']);
    expect((await postImport(a, 'io_target', 'a.xlsx', workbook([['标题'], ['x']]), false, reader.token)).status).toBe(403);
    expect((await download(a, '/api/auto/io_target/importTemplate', reader.token)).status).toBe(403);
    // The other tenant has no such form: nothing of this tenant's is reachable.
    expect((await postImport(a, 'io_target', 'a.xlsx', workbook([['标题'], ['x']]), false, a.admin2)).status).toBe(404);
  });

  it('keeps Chinese text whole across the reader chunk boundaries (inline and shared strings)', async () => {
    const nick = (await a.call(a.admin, 'GET', '/api/getInfo')).json.user.nickName;
    const rows: unknown[][] = [['标题', '负责人']];
    for (let i = 0; i < 6000; i++) rows.push([`中文标题第${i}行`, nick]);
    const w = xlsxWriter();
    const chunks: Buffer[] = [];
    w.out.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((r) => w.out.on('end', r));
    await w.sheet('表', rows[0] as string[]);
    for (const r of rows.slice(1)) await w.row(r as string[]);
    await w.close();
    await ended;
    for (const file of [Buffer.concat(chunks), workbook(rows)]) {
      const r = await runImport(a, 'io_target', 'zh.xlsx', file, true);
      expect(r.job.result).toMatchObject({ success: true, total: 6000, problemCount: 0 });
    }
  });

  it('a job cancelled midway writes nothing', async () => {
    const rows: unknown[][] = [['标题', '金额']];
    for (let i = 0; i < 30000; i++) rows.push([`批量${i}`, i]);
    const before = await countRows(a, 'io_target');
    const r = await postImport(a, 'io_target', 'big.xlsx', workbook(rows), false);
    const jobId = r.json.data.jobId;
    const job0 = (await a.db.selectFrom('jobs' as any).select(['tenant_id as tenantId', 'user_id as userId'] as any).where('id' as any, '=', jobId).executeTakeFirstOrThrow()) as { tenantId: number; userId: number };
    // Midway. Both databases judge the whole file before they write committed chunks (ADRs 0807,
    // 1064): a cancel while it judges writes nothing; one during the write pass comes too late, as
    // for a batch edit. The runner's own view is read in-process.
    const midway = 'parse';
    await expect.poll(async () => {
      const d = await a.app.jobs.get(job0.tenantId, job0.userId, jobId);
      return d?.phase === midway && d.done > 0;
    }, { timeout: 60_000, interval: 20 }).toBe(true);
    if (testDatabaseKind() === 'postgres') expect((await a.call(a.admin, 'POST', `/api/jobs/${jobId}/cancel`)).status).toBe(200);
    else await a.app.jobs.cancel(job0.tenantId, job0.userId, jobId);
    const end = await waitJob(a, jobId);
    expect(end.status).toBe('cancelled');
    expect(await countRows(a, 'io_target')).toBe(before);
  });
});
void XLSX;
