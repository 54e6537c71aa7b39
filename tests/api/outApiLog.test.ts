/**
 * Issue 34 item 6: 外部接口日志. Calls to outside providers (the SMS gateway and the company lookup,
 * both loopback fakes on 127.0.0.1) are logged under the caller's tenant with redacted URL and
 * bodies; the list filters and pages; another tenant sees none of it; the permission is enforced;
 * a gateway that fails is logged as such; rows past 90 days are purged.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testServer.js';
import { as } from './support/api.js';
import { startSmsFake, type SmsFake } from './support/smsFake.js';
import { setTenantConfig } from './support/tenantConfig.js';
import { purgeOutApiLog } from '../../src/server/providers/outApiLogRepository.js';

let t: TestApp;
let sms: SmsFake;
let lookup: Server;
let lookupUrl = '';
let admin: string;
let t2: string;
const saved = process.env.COMPANY_LOOKUP_URL;

beforeAll(async () => {
  sms = await startSmsFake();
  lookup = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 200, data: { companyName: '示例建设有限公司', contactPhone: '13812345678', accessToken: 'lookup-secret-token' } }));
  });
  await new Promise<void>((resolve) => lookup.listen(0, '127.0.0.1', resolve));
  lookupUrl = `http://127.0.0.1:${(lookup.address() as { port: number }).port}/company?apiKey=k-123`;
  process.env.COMPANY_LOOKUP_URL = lookupUrl;
  t = await createTestApp({ config: { smsHttpUrl: sms.url, smsHttpToken: sms.token } });
  await setTenantConfig(t, 'DEFAULT', 'sys.sms.enabled', 'true');
  admin = await t.login('DEFAULT');
  t2 = await t.login('T2');
});
afterAll(async () => {
  if (saved === undefined) delete process.env.COMPANY_LOOKUP_URL;
  else process.env.COMPANY_LOOKUP_URL = saved;
  await t?.close();
  await sms?.close();
  await new Promise<void>((resolve) => lookup?.close(() => resolve()));
});

const list = (token: string, query = '') => as(t, token).get(`/api/system/outapilog/list?${query.includes('pageSize') ? '' : 'pageSize=50'}${query}`);

describe('外部接口日志', () => {
  it('logs an SMS send under the tenant it named, with the phone and the code masked', async () => {
    expect((await as(t, null).post('/api/common/sms/send', { phonenumber: '13900000077', tenantCode: 'DEFAULT' })).status).toBe(200);
    const code = sms.lastCode('13900000077');
    await expect.poll(async () => (await list(admin, '&provider=sms')).body.total).toBe(1);
    const row = (await list(admin, '&provider=sms')).body.rows[0];
    expect(row).toMatchObject({ provider: 'sms', method: 'POST', status: 200, outcome: 'ok', url: sms.url, errorMsg: '' });
    expect(row.durationMs).toBeGreaterThanOrEqual(0);
    const detail = (await as(t, admin).get(`/api/system/outapilog/${row.id}`)).body.data;
    expect(detail.requestBody).toContain('139****0077');
    expect(detail.requestBody).not.toContain('13900000077');
    expect(detail.requestBody).not.toContain(code);
    expect(detail.responseBody).toBe('{"ok":true}');
    // The bearer token went in a header, which the log never keeps.
    expect(JSON.stringify(detail)).not.toContain(sms.token);
  });

  it('logs a signed-in lookup without keys or tokens in its URL or body, and only for that tenant', async () => {
    const res = await as(t, t2).get('/api/common/company/creditInfoQuery?keyword=示例');
    expect(res.status).toBe(200);
    await expect.poll(async () => (await list(t2, '&provider=company')).body.total).toBe(1);
    const row = (await list(t2, '&provider=company')).body.rows[0];
    expect(row.url).not.toContain('k-123');
    expect(row.url).toContain('apiKey=***');
    const detail = (await as(t, t2).get(`/api/system/outapilog/${row.id}`)).body.data;
    expect(detail.responseBody).toContain('示例建设有限公司');
    expect(detail.responseBody).toContain('138****5678');
    expect(detail.responseBody).not.toContain('lookup-secret-token');
    // Tenant isolation: DEFAULT neither lists nor opens T2's call, and T2 sees no DEFAULT SMS.
    expect((await list(admin, '&provider=company')).body.total).toBe(0);
    expect((await as(t, admin).get(`/api/system/outapilog/${row.id}`)).status).toBe(404);
    expect((await list(t2, '&provider=sms')).body.total).toBe(0);
  });

  it('logs a gateway failure with its status and outcome, and filters by them and by time', async () => {
    sms.failing = true;
    try {
      expect((await as(t, null).post('/api/common/sms/send', { phonenumber: '13900000078', tenantCode: 'DEFAULT' })).status).toBe(502);
    } finally {
      sms.failing = false;
    }
    await expect.poll(async () => (await list(admin, '&outcome=error')).body.total).toBe(1);
    expect((await list(admin, '&outcome=error')).body.rows[0]).toMatchObject({ status: 503, errorMsg: 'HTTP 503' });
    expect((await list(admin, '&status=200')).body.total).toBe(1);
    expect((await list(admin, '&beginTime=2000-01-01&endTime=2000-01-02')).body.total).toBe(0);
    expect((await list(admin, '&beginTime=2000-01-01 00:00:00')).body.total).toBe(2);
    expect((await list(admin, '&pageSize=1&pageNum=2')).body.rows).toHaveLength(1);
    expect((await list(admin, '&beginTime=yesterday')).status).toBe(400);
    expect((await list(admin, '&provider=ftp')).status).toBe(400);
  });

  it('needs system:outapilog:list', async () => {
    const role = await as(t, admin).post('/api/system/role', { roleName: '日志查看', roleKey: 'logview', permissions: ['system:operlog:list'] });
    await as(t, admin).post('/api/system/user', { userName: 'logview', nickName: '日志', password: 'lv12345', roleIds: [role.body.data.roleId] });
    const user = await t.login('DEFAULT', 'logview', 'lv12345');
    expect((await list(user)).body).toEqual({ code: 403, msg: '当前操作没有权限' });
    expect((await as(t, user).get('/api/system/outapilog/1')).status).toBe(403);
    expect((await as(t, null).get('/api/system/outapilog/list')).status).toBe(401);
  });

  it('removes calls older than 90 days', async () => {
    const before = (await list(admin)).body.total;
    expect(before).toBeGreaterThan(0);
    await t.db.updateTable('out_api_log').set({ call_time: new Date(Date.now() - 91 * 24 * 3600_000) }).where('provider', '=', 'sms').where('status', '=', 503).execute();
    expect(await purgeOutApiLog(t.db)).toBe(1);
    expect((await list(admin)).body.total).toBe(before - 1);
  });
});
