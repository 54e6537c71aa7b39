import { unzipSync } from 'fflate';
import ExcelJS from '../../../src/server/records/io/exceljs.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { addRecord, createForm, runExport, sheets } from './ioSupport.js';

let a: RecordsApp;
const ids: number[] = [];
let adminId: number;

beforeAll(async () => {
  a = await recordsApp();
  await createForm(a);
  adminId = (await a.call(a.admin, 'GET', '/api/getInfo')).json.user.userId;
  const up = await a.app.inject({
    method: 'POST', url: '/api/common/upload', headers: { authorization: `Bearer ${a.admin}`, 'content-type': 'multipart/form-data; boundary=XX' },
    payload: '--XX\r\nContent-Disposition: form-data; name="file"; filename="合同.txt"\r\nContent-Type: text/plain\r\n\r\nhello file\r\n--XX--\r\n',
  });
  const file = up.json().data;
  ids.push(await addRecord(a, 'io_orders', { title: '第一单', amount: 1234.5, kind: 'a', signed: '2026-03-01', urgent: true, owner: adminId, files: [{ url: file.url, fileName: file.fileName, name: '合同.txt' }],
    lines: [{ item: '螺丝', price: 2 }, { item: '螺母', price: 3.5 }] }));
  ids.push(await addRecord(a, 'io_orders', { title: '=1+2', amount: 7, kind: 'b', signed: '2026-04-02', urgent: false, lines: [] }));
  ids.push(await addRecord(a, 'io_orders', { title: '第三单', amount: 9, kind: 'b', lines: [{ item: '@cmd', price: 1 }] }));
});
afterAll(async () => {
  await a?.close();
});

describe('export', () => {
  it('exports selected ids with labels, dates, numbers and sub-form sheets', async () => {
    const r = await runExport(a, 'io_orders', { currentColumns: ['title', 'amount', 'kind', 'signed', 'urgent', 'owner'], subFormColumns: [{ formName: 'lines', columns: ['item', 'price'] }], queryMap: { ids: [ids[0], ids[1]] } });
    expect(r.job.status).toBe('done');
    expect(r.job.result.rows).toBe(2);
    const s = sheets(r.file!.body);
    expect(Object.keys(s)).toEqual(['订单', '明细']);
    expect(s['订单'][0]).toEqual(['标题', '金额', '类别', '签订日期', '加急', '负责人']);
    // Dates are Excel date cells (serials; issue 27 item 4): 2026-03-01 is day 46082.
    expect(s['订单'][1]).toEqual(['第一单', 1234.5, '甲', 46082, '是', expect.any(String)]);
    expect(s['订单'][2]).toEqual(["'=1+2", 7, '乙', 46114, '否', null]);
    expect(s['明细']).toEqual([['主表序号', '品名', '单价'], [1, '螺丝', 2], [1, '螺母', 3.5]]);
  });

  it('exports the rows matching a search in the list order', async () => {
    const r = await runExport(a, 'io_orders', { currentColumns: ['title'], queryMap: { searchConList: [{ enName: 'kind', funcType: 'select', kind: 'b', searchType: 'equal' }], sysOrderBy: { field: 'amount', order: 'asc' } } });
    expect(sheets(r.file!.body)['订单']).toEqual([['标题'], ["'=1+2"], ['第三单']]);
  });

  it('exports one line per sub-row with the parent values repeated, and neutralises formulas', async () => {
    const r = await runExport(a, 'io_orders', { currentColumns: ['title'], subFormColumns: [{ formName: 'lines', columns: ['item'] }], exportByLine: true, queryMap: { ids } });
    expect(sheets(r.file!.body)['订单']).toEqual([['标题', '明细-品名'], ['第一单', '螺丝'], ['第一单', '螺母'], ["'=1+2", null], ['第三单', "'@cmd"]]);
  });

  it('exports csv through papaparse with neutralised cells', async () => {
    const r = await runExport(a, 'io_orders', { currentColumns: ['title', 'amount'], format: 'csv', queryMap: { ids: [ids[1]] } });
    expect(r.job.result.fileName).toMatch(/\.csv$/);
    expect(r.file!.body.toString('utf8')).toBe('\ufeff标题,金额\r\n\'=1+2,7\r\n');
  });

  it('zips the workbook with the files in a folder per record', async () => {
    const r = await runExport(a, 'io_orders', { currentColumns: ['title', 'files'], includeFiles: true, queryMap: { ids } });
    expect(r.job.result.fileName).toMatch(/\.zip$/);
    const zip = unzipSync(new Uint8Array(r.file!.body));
    const names = Object.keys(zip);
    expect(names.filter((n) => n.endsWith('.xlsx'))).toHaveLength(1);
    expect(names).toContain(`1_${ids[0]}/合同.txt`);
    expect(Buffer.from(zip[`1_${ids[0]}/合同.txt`]).toString()).toBe('hello file');
  });

  it('logs type 5 and leaves a 消息中心 message', async () => {
    const log = await a.db.selectFrom('oper_log').select(['business_type', 'title']).where('business_type', '=', 5).execute();
    expect(log.length).toBeGreaterThan(0);
    const msgs = await a.call(a.admin, 'POST', '/api/msg/detail/page/get', { pageNum: 1, pageSize: 50 });
    expect(JSON.stringify(msgs.json)).toContain('导出完成：订单');
  });

  it('continues on a second sheet past the rows a sheet holds', async () => {
    process.env.EXPORT_SHEET_ROWS = '2';
    try {
      const r = await runExport(a, 'io_orders', { currentColumns: ['title'], queryMap: { ids } });
      const s = sheets(r.file!.body);
      expect(Object.keys(s)).toEqual(['订单', '订单(2)']);
      expect(s['订单']).toEqual([['标题'], ['第一单'], ["'=1+2"]]);
      expect(s['订单(2)']).toEqual([['标题'], ['第三单']]);
    } finally {
      delete process.env.EXPORT_SHEET_ROWS;
    }
  });

  it('refuses unknown columns and bad searches with a 400 before queuing', async () => {
    expect((await a.call(a.admin, 'POST', '/api/auto/io_orders/export', { currentColumns: ['nope'] })).status).toBe(400);
    expect((await a.call(a.admin, 'POST', '/api/auto/io_orders/export', { currentColumns: ['title'], queryMap: { sysOrderBy: { field: 'nope' } } })).status).toBe(400);
    expect((await a.call(a.admin, 'POST', '/api/auto/io_orders/export', { subFormColumns: [{ formName: 'nope' }] })).status).toBe(400);
  });

  it('needs the export permission and keeps jobs and files to their owner and tenant', async () => {
    const reader = await a.userWith('io_reader', ['auto:io_orders:query']);
    const r = await a.call(reader.token, 'POST', '/api/auto/io_orders/export', { currentColumns: ['title'] });
    expect(r.status).toBe(403);
    expect(r.json.msg).toBe('当前操作没有权限');
    const exporter = await a.userWith('io_exporter', ['auto:io_orders:query', 'auto:io_orders:export']);
    const mine = await runExport(a, 'io_orders', { currentColumns: ['title'] }, exporter.token);
    expect(mine.job.status).toBe('done');
    expect(sheets(mine.file!.body)['订单']).toHaveLength(4);
    // Another user of the tenant, and the other tenant's admin, see no such job.
    expect((await a.call(reader.token, 'GET', `/api/jobs/${mine.job.jobId}`)).status).toBe(404);
    expect((await a.call(a.admin2, 'GET', `/api/jobs/${mine.job.jobId}`)).status).toBe(404);
    expect((await a.call(a.admin2, 'POST', `/api/jobs/${mine.job.jobId}/cancel`)).status).toBe(404);
    const other = await a.app.inject({ method: 'GET', url: mine.job.downloadUrl, headers: { authorization: `Bearer ${a.admin2}` } });
    expect(other.statusCode).toBe(404);
    // The other tenant has no such form.
    expect((await a.call(a.admin2, 'POST', '/api/auto/io_orders/export', { currentColumns: ['title'] })).status).toBe(404);
  });

  it('expires a result file after its time', async () => {
    const r = await runExport(a, 'io_orders', { currentColumns: ['title'], queryMap: { ids } });
    await a.db.updateTable('jobs' as any).set({ expires_at: new Date(Date.now() - 1000) } as any).where('id' as any, '=', r.job.jobId).execute();
    await a.app.jobs.expireNow();
    expect((await a.call(a.admin, 'GET', `/api/jobs/${r.job.jobId}`)).json.data.status).toBe('expired');
    const res = await a.app.inject({ method: 'GET', url: r.job.downloadUrl, headers: { authorization: `Bearer ${a.admin}` } });
    expect(res.statusCode).toBe(404);
  });
});

describe('exports people can total (issue 27 item 4)', () => {
  const FMT = {
    enName: 'io_fmt',
    cnName: '格式',
    fields: [
      { enName: 'title', label: '标题', funcType: 'input' },
      { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
      { enName: 'rate', label: '完成率', funcType: 'number', precision: 1, suffix: '%' },
      { enName: 'signed', label: '签订日期', funcType: 'dateStamp', format: 'yyyy-MM-dd' },
      { enName: 'at', label: '时间', funcType: 'dateStamp', format: 'yyyy-MM-dd HH:mm' },
    ],
  };
  const fmtIds: number[] = [];
  const book = async (body: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    return wb.worksheets[0];
  };

  beforeAll(async () => {
    expect((await a.call(a.admin, 'POST', '/api/flowable/form', FMT)).status).toBe(200);
    fmtIds.push(await addRecord(a, 'io_fmt', { title: '一号', amount: 1234567.5, rate: 12.5, signed: '2026-01-07', at: '2026-01-07 08:30' }));
    fmtIds.push(await addRecord(a, 'io_fmt', { title: '二号', amount: 3, rate: 100, signed: '2026-02-01' }));
    fmtIds.push(await addRecord(a, 'io_fmt', { title: '作废的', amount: 5 }));
    expect((await a.call(a.admin, 'POST', '/api/auto/io_fmt/invalid/', [fmtIds[2]])).status).toBe(200);
  });
  const separator = (value: string) => a.db.updateTable('configs').set({ config_value: value }).where('config_key', '=', 'sys.thousand.separator.enabled').execute();
  afterAll(async () => {
    await separator('true');
  });

  it('writes date cells, number formats, 状态, 15-wide columns and a bold grey frozen header', async () => {
    const r = await runExport(a, 'io_fmt', { currentColumns: ['title', 'amount', 'rate', 'signed', 'at', 'sys_status'], queryMap: { ids: fmtIds } });
    expect(r.job.status).toBe('done');
    const ws = await book(r.file!.body);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['标题', '金额', '完成率', '签订日期', '时间', '状态']);
    // The header: bold on grey, frozen; every column 15 wide (spec 02 §9).
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('F1').fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9D9D9' } });
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    for (let c = 1; c <= 6; c++) expect(ws.getColumn(c).width).toBe(15);
    // Dates are Date cells in the field's format; numbers stay numbers with their precision and suffix.
    expect(ws.getCell('D2').value).toEqual(new Date(Date.UTC(2026, 0, 7)));
    expect(ws.getCell('D2').numFmt).toBe('yyyy-mm-dd');
    expect(ws.getCell('E2').value).toEqual(new Date(Date.UTC(2026, 0, 7, 8, 30)));
    expect(ws.getCell('E2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(ws.getCell('B2').value).toBe(1234567.5);
    // The seed turns sys.thousand.separator.enabled on, as the list shows amounts.
    expect(ws.getCell('B2').numFmt).toBe('#,##0.00');
    expect(ws.getCell('C2').value).toBe(12.5);
    expect(ws.getCell('C2').numFmt).toBe('#,##0.0"%"');
    expect(['F2', 'F3', 'F4'].map((c) => ws.getCell(c).value)).toEqual(['已审核', '已审核', '作废']);
  });

  it('leaves the thousands separator out when the tenant turned it off', async () => {
    await separator('false');
    const r = await runExport(a, 'io_fmt', { currentColumns: ['amount', 'rate'], queryMap: { ids: [fmtIds[0]] } });
    const ws = await book(r.file!.body);
    expect(ws.getCell('A2').numFmt).toBe('0.00');
    expect(ws.getCell('B2').numFmt).toBe('0.0"%"');
    await separator('true');
  });

  it('offers 状态 and 记录ID by default and leaves voided records out when asked', async () => {
    const all = await runExport(a, 'io_fmt', { queryMap: { sysOrderBy: { field: 'id', order: 'asc' } } });
    // 记录ID too: the form has no serial number, so an import by record id reads this column (issue 27 item 2).
    expect(sheets(all.file!.body)['格式'][0]).toEqual(['标题', '金额', '完成率', '签订日期', '时间', '状态', '记录ID']);
    expect(all.job.result.rows).toBe(3);
    const kept = await runExport(a, 'io_fmt', { currentColumns: ['title', 'sys_status'], excludeVoided: true, queryMap: { sysOrderBy: { field: 'id', order: 'asc' } } });
    expect(kept.job.result.rows).toBe(2);
    expect(sheets(kept.file!.body)['格式']).toEqual([['标题', '状态'], ['一号', '已审核'], ['二号', '已审核']]);
    const byIds = await runExport(a, 'io_fmt', { currentColumns: ['title'], excludeVoided: true, queryMap: { ids: fmtIds } });
    expect(sheets(byIds.file!.body)['格式']).toEqual([['标题'], ['一号'], ['二号']]);
    expect((await a.call(a.admin, 'POST', '/api/auto/io_fmt/export', { currentColumns: ['title'], excludeVoided: 'yes' })).status).toBe(400);
  });
});
