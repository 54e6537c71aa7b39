import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testServer.js';
import { as } from './support/api.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

async function sheet(url: string, token = admin) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { res, rows: res.statusCode === 200 ? (XLSX.utils.sheet_to_json(XLSX.read(res.rawPayload).Sheets[XLSX.read(res.rawPayload).SheetNames[0]], { header: 1 }) as unknown[][]) : [] };
}

describe('administration exports', () => {
  it('exports the tenant users with the list filters, as .xlsx with Chinese headers', async () => {
    const { res, rows } = await sheet('/api/system/user/export?userName=staff');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('用户数据'));
    expect(rows[0]).toEqual(['用户编号', '登录名称', '用户名称', '部门', '角色', '手机号码', '邮箱', '性别', '状态', '最后登录时间', '创建时间']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['staff']);
    expect(rows[1][3]).toBe('项目一部');
  });

  it('exports dictionary data and config of the caller tenant only', async () => {
    const dict = await sheet('/api/system/dict/data/export?dictType=sys_user_sex');
    expect(dict.rows.slice(1).map((r) => r[2])).toEqual(['男', '女', '未知']);
    await as(t, admin).post('/api/system/config', { configName: '仅默认租户', configKey: 'only.default', configValue: 'x' });
    const t2 = await t.login('T2', 'admin');
    const cfg = await sheet('/api/system/config/export', t2);
    expect(cfg.rows.length).toBeGreaterThan(20);
    expect(cfg.rows.map((r) => r[2])).not.toContain('only.default');
    expect((await sheet('/api/system/config/export')).rows.map((r) => r[2])).toContain('only.default');
  });

  it('needs the export permission and records the export', async () => {
    const staff = await t.login('DEFAULT', 'staff');
    expect((await sheet('/api/system/user/export', staff)).res.statusCode).toBe(403);
    const log = await as(t, admin).get('/api/system/operlog/list?businessType=5');
    expect(log.body.total).toBeGreaterThanOrEqual(3);
  });
});
