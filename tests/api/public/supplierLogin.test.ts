/**
 * Issue 32 item 6 (spec 02 §2.4, §6): supplier users sign in at /supplier/login only
 * (`loginType: 'supplier'`), everyone else only at /login; the page's title comes from the
 * tenant's config; a supplier reaches only the forms and records its role allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as, deptIdByName } from '../support/api.js';
import { LOGIN_MESSAGES } from '../../../src/server/services/authService.js';

let t: TestApp;
let admin: string;
const anon = () => as(t, null);
const login = (username: string, password: string, loginType?: string) => anon().post('/api/login', { username, password, tenantCode: 'DEFAULT', ...(loginType ? { loginType } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const role = await as(t, admin).post('/api/system/role', { roleName: '供应商', roleKey: 'supplier', roleSort: 9, permissions: ['auto:auto_pthp:query'] });
  expect(role.status).toBe(200);
  const deptId = await deptIdByName(t, admin, '物资设备部');
  const user = await as(t, admin).post('/api/system/user', { userName: 'gys01', nickName: '杭州钢联', password: 'Gys12345', deptId, roleIds: [role.body.data.roleId] });
  expect(user.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('supplier sign-in', () => {
  it('lets a supplier in at the supplier login only', async () => {
    expect((await login('gys01', 'Gys12345')).body).toEqual({ code: 400, msg: LOGIN_MESSAGES.supplierElsewhere });
    const ok = await login('gys01', 'Gys12345', 'supplier');
    expect(ok.status).toBe(200);
    const info = await as(t, ok.body.token).get('/api/getInfo');
    expect(info.body.roles).toEqual(['supplier']);
  });

  it('keeps staff and administrators out of the supplier login', async () => {
    expect((await login('admin', 'admin123', 'supplier')).body).toEqual({ code: 400, msg: LOGIN_MESSAGES.notSupplier });
    expect((await login('admin', 'admin123')).status).toBe(200);
  });

  it('says nothing about the account type to a wrong password', async () => {
    expect((await login('gys01', 'wrong-one')).body).toEqual({ code: 400, msg: '用户不存在/密码错误' });
    expect((await login('admin', 'wrong-one', 'supplier')).body).toEqual({ code: 400, msg: '用户不存在/密码错误' });
    expect((await anon().post('/api/login', { username: 'gys01', password: 'x', loginType: 'vendor' })).status).toBe(400);
  });

  it('reads the supplier title from the config without a token', async () => {
    const res = await anon().post('/api/system/config/configKeys', { keys: ['sys.supplier.login.title'], tenantCode: 'DEFAULT' });
    expect(res.body.data['sys.supplier.login.title']).toBe('供应商登录');
  });

  it('gives a supplier only what its role allows', async () => {
    const token = (await login('gys01', 'Gys12345', 'supplier')).body.token as string;
    const sup = as(t, token);
    expect((await sup.post('/api/auto/auto_pthp/list', { pageNum: 1, pageSize: 5 })).status).toBe(200);
    expect((await sup.post('/api/auto/auto_pthp/add', { formName: 'auto_pthp', data: { goods_code: 'GYS-1', goods_name: '供应商新增' } })).status).toBe(403);
    expect((await sup.post('/api/auto/contract_ledger/list', { pageNum: 1, pageSize: 5 })).status).toBe(403);
    expect((await sup.get('/api/system/user/list')).status).toBe(403);
  });
});
