import { unzipSync } from 'fflate';
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
    expect(s['订单'][1]).toEqual(['第一单', 1234.5, '甲', '2026-03-01', '是', expect.any(String)]);
    expect(s['订单'][2]).toEqual(["'=1+2", 7, '乙', '2026-04-02', '否', null]);
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
