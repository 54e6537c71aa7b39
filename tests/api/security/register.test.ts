/**
 * Issue 32 item 2: self-registration with an SMS code from the loopback gateway: only the roles and
 * departments a tenant offers, approval by an administrator in 用户管理, tenant isolation; and, where
 * a tenant turns SMS off, registration by captcha with its limit per client address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as, deptIdByName } from '../support/api.js';
import { startSmsFake, type SmsFake } from '../support/smsFake.js';
import { setTenantConfig } from '../support/tenantConfig.js';

let t: TestApp;
let sms: SmsFake;
let clock = new Date('2026-03-02T02:00:00Z');
const anon = () => as(t, null);
let staffRoleId: number;
let deptId: number;

beforeAll(async () => {
  sms = await startSmsFake();
  t = await createTestApp({ config: { smsHttpUrl: sms.url, smsHttpToken: sms.token }, now: () => clock });
  const admin = await t.login('DEFAULT', 'admin');
  deptId = await deptIdByName(t, admin, '物资设备部');
  for (const [k, v] of [
    ['sys.sms.enabled', 'true'],
    ['sys.register.enabled', 'true'],
    ['sys.register.roles', 'staff'],
    ['sys.register.depts', String(deptId)],
    ['sys.register.approval', 'true'],
  ]) await setTenantConfig(t, 'DEFAULT', k, v);
  await setTenantConfig(t, 'T2', 'sys.sms.enabled', 'true');
  const roles = await anon().get('/api/system/role/options/register?tenantCode=DEFAULT');
  staffRoleId = roles.body.data[0].roleId;
});
afterAll(async () => {
  await t?.close();
  await sms?.close();
});

async function codeFor(phone: string, tenantCode = 'DEFAULT'): Promise<string> {
  clock = new Date(clock.getTime() + 61_000);
  const res = await anon().post('/api/common/sms/send', { phonenumber: phone, tenantCode });
  expect(res.status).toBe(200);
  return sms.lastCode(phone);
}

describe('registration options', () => {
  it('offers only the roles and departments the tenant opened, without a token', async () => {
    const roles = await anon().get('/api/system/role/options/register?tenantCode=DEFAULT');
    expect(roles.body.data.map((r: any) => r.roleName)).toEqual([expect.any(String)]);
    expect(JSON.stringify(roles.body.data)).not.toContain('admin');
    expect(roles.body.data.map((r: any) => r.roleKey)).toEqual(['staff']);
    const depts = await anon().get('/api/system/dept/options/register?tenantCode=DEFAULT');
    expect(depts.body.data.map((d: any) => [d.id, d.label, d.children])).toEqual([[deptId, '物资设备部', undefined]]);
    const settings = await anon().get('/api/register/settings?tenantCode=DEFAULT');
    expect(settings.body.data).toEqual({ enabled: true, smsEnabled: true, approval: true, captcha: false });
  });

  it('offers nothing in a tenant that did not open registration, and refuses to register there', async () => {
    expect((await anon().get('/api/system/role/options/register?tenantCode=T2')).body.data).toEqual([]);
    expect((await anon().get('/api/system/dept/options/register?tenantCode=T2')).body.data).toEqual([]);
    const res = await anon().post('/api/register', { tenantCode: 'T2', username: 'newt2', password: 'Abcdef123', phonenumber: '13600000009', code: '123456' });
    expect(res.body).toEqual({ code: 400, msg: '当前租户未开放注册' });
  });
});

describe('register → approval → sign in', () => {
  it('registers with a code, waits for approval, and signs in once an administrator enables the account', async () => {
    const phone = '13600000001';
    const code = await codeFor(phone);
    const base = { tenantCode: 'DEFAULT', username: 'selfreg1', nickName: '自助用户', password: 'Abcdef123', phonenumber: phone, code };
    expect((await anon().post('/api/register', { ...base, roleId: null })).body.msg).toBe('请选择角色');
    expect((await anon().post('/api/register', { ...base, roleId: 1, deptId })).body.msg).toBe('所选角色不开放注册');
    expect((await anon().post('/api/register', { ...base, roleId: staffRoleId, deptId: deptId + 1000 })).body.msg).toBe('所选部门不开放注册');
    expect((await anon().post('/api/register', { ...base, roleId: staffRoleId, deptId, password: 'short' })).body.msg).toMatch(/^密码长度不能少于8位/);

    const res = await anon().post('/api/register', { ...base, roleId: staffRoleId, deptId });
    expect(res.body).toEqual({ code: 200, msg: '注册成功，请等待管理员审核', pending: true });
    const login = await anon().post('/api/login', { username: 'selfreg1', password: 'Abcdef123', tenantCode: 'DEFAULT' });
    expect(login.body.msg).toBe('您的账号正在等待管理员审核，审核通过后即可登录');

    // The code is spent: the same one cannot register a second account.
    const replay = await anon().post('/api/register', { ...base, username: 'selfreg2', phonenumber: phone, roleId: staffRoleId, deptId });
    expect(replay.body.msg).toBe('该手机号已注册');

    const admin = as(t, await t.login('DEFAULT', 'admin'));
    const list = await admin.get('/api/system/user/list?userName=selfreg1');
    const user = list.body.rows[0];
    expect(user.status).toBe('1');
    expect(user.remark).toBe('自助注册，待审核');
    expect((await admin.post('/api/system/user/changeStatus/0', { userId: user.userId })).status).toBe(200);
    const token = await t.login('DEFAULT', 'selfreg1', 'Abcdef123');
    const info = await as(t, token).get('/api/getInfo');
    expect(info.body.user.deptName).toBe('物资设备部');
    expect(info.body.roles).toEqual(['staff']);
    // Disabled again later, the account is stopped, no longer "waiting".
    await admin.post('/api/system/user/changeStatus/1', { userId: user.userId });
    expect((await anon().post('/api/login', { username: 'selfreg1', password: 'Abcdef123', tenantCode: 'DEFAULT' })).body.msg).toBe('对不起，您的账号已停用，请联系管理员');
  });

  it('refuses a code sent in another tenant and a wrong code, and a taken user name', async () => {
    const phone = '13600000002';
    const t2code = await codeFor(phone, 'T2');
    const base = { tenantCode: 'DEFAULT', username: 'selfreg3', password: 'Abcdef123', phonenumber: phone, roleId: staffRoleId, deptId };
    expect((await anon().post('/api/register', { ...base, code: t2code })).body.msg).toBe('验证码已失效，请重新获取');
    const code = await codeFor(phone);
    expect((await anon().post('/api/register', { ...base, username: 'admin', code })).body.msg).toBe("注册账号'admin'已存在");
    expect((await anon().post('/api/register', { ...base, code: code === '000000' ? '111111' : '000000' })).body.msg).toBe('验证码错误，还可尝试4次');
    expect((await anon().post('/api/register', { ...base, code })).body.pending).toBe(true);
  });

  it('creates an active account at once when the tenant does not ask for approval', async () => {
    await setTenantConfig(t, 'DEFAULT', 'sys.register.approval', 'false');
    try {
      const phone = '13600000003';
      const code = await codeFor(phone);
      const res = await anon().post('/api/register', { tenantCode: 'DEFAULT', username: 'selfreg4', password: 'Abcdef123', phonenumber: phone, code, roleId: staffRoleId, deptId });
      expect(res.body.pending).toBe(false);
      expect((await t.login('DEFAULT', 'selfreg4', 'Abcdef123')).length).toBeGreaterThan(0);
    } finally {
      await setTenantConfig(t, 'DEFAULT', 'sys.register.approval', 'true');
    }
  });
});

describe('registration by captcha where the tenant turned SMS off', () => {
  /** A registration captcha of T2 and its answer (read where the server keeps it, as a person reads the image). */
  async function captcha(): Promise<{ uuid: string; code: string }> {
    const res = await anon().get('/api/register/captcha?tenantCode=T2');
    expect(res.status).toBe(200);
    expect(res.body.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    const row = await t.db.selectFrom('captchas').select('answer').where('uuid', '=', res.body.data.uuid).executeTakeFirstOrThrow();
    return { uuid: res.body.data.uuid, code: row.answer };
  }
  const base = { tenantCode: 'T2', password: 'Abcdef123' };
  const registerFrom = async (ip: string, body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: body, remoteAddress: ip });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    await setTenantConfig(t, 'T2', 'sys.register.enabled', 'true');
    await setTenantConfig(t, 'T2', 'sys.sms.enabled', 'false');
  });
  afterAll(async () => {
    await setTenantConfig(t, 'T2', 'sys.register.enabled', 'false');
    await setTenantConfig(t, 'T2', 'sys.sms.enabled', 'true');
  });

  it('says so in the settings, hands out captchas only there, and sends no SMS', async () => {
    expect((await anon().get('/api/register/settings?tenantCode=T2')).body.data).toEqual({ enabled: true, smsEnabled: false, approval: false, captcha: true });
    expect((await anon().get('/api/register/captcha?tenantCode=DEFAULT')).body).toEqual({ code: 400, msg: '当前租户使用短信验证码注册' });
    expect((await anon().post('/api/common/sms/send', { phonenumber: '13600000020', tenantCode: 'T2' })).body).toEqual({ code: 400, msg: '短信服务未开启，请联系管理员' });
  });

  it('registers with a right captcha, one use, and takes no number', async () => {
    expect((await anon().post('/api/register', { ...base, username: 'capreg1', code: 'abcd' })).body).toEqual({ code: 400, msg: '验证码不能为空' });
    const c = await captcha();
    expect((await anon().post('/api/register', { ...base, username: 'capreg1', code: `${c.code}x`, uuid: c.uuid })).body).toEqual({ code: 400, msg: '验证码错误' });
    expect((await anon().post('/api/register', { ...base, username: 'capreg1', ...c })).body).toEqual({ code: 400, msg: '验证码已失效，请刷新验证码' });
    const ok = await captcha();
    const res = await anon().post('/api/register', { ...base, username: 'capreg1', nickName: '验证码用户', phonenumber: '13600000021', code: ok.code.toUpperCase(), uuid: ok.uuid });
    expect(res.body).toEqual({ code: 200, msg: expect.any(String), pending: false });
    const token = await t.login('T2', 'capreg1', 'Abcdef123');
    const info = (await as(t, token).get('/api/getInfo')).body.user;
    expect(info).toMatchObject({ userName: 'capreg1', nickName: '验证码用户', phonenumber: '' });
    // Still one tenant: the name is free in DEFAULT, and the T2 account does not sign in there.
    expect((await anon().post('/api/login', { username: 'capreg1', password: 'Abcdef123', tenantCode: 'DEFAULT' })).body.msg).toBe('用户不存在/密码错误');
    // The rest of the rules hold as with SMS: a taken name, the password policy.
    const taken = await captcha();
    expect((await anon().post('/api/register', { ...base, username: 'capreg1', ...taken })).body.msg).toBe("注册账号'capreg1'已存在");
    const weak = await captcha();
    expect((await anon().post('/api/register', { ...base, username: 'capreg2', password: 'short', ...weak })).body.msg).toMatch(/^密码长度不能少于8位/);
  });

  it('limits each address to 10 attempts an hour, refused ones included', async () => {
    clock = new Date(clock.getTime() + 2 * 3600_000);
    const ip = '10.2.0.1';
    for (let i = 0; i < 10; i++) expect((await registerFrom(ip, { ...base, username: `capflood${i}`, code: 'zzzz', uuid: `none-${i}` })).body.msg).toBe('验证码已失效，请刷新验证码');
    const c = await captcha();
    expect(await registerFrom(ip, { ...base, username: 'capflood', ...c })).toEqual({ status: 429, body: { code: 429, msg: '注册过于频繁，请1小时后再试' } });
    // Another address is not held back, and the first one is free again an hour later.
    expect((await registerFrom('10.2.0.2', { ...base, username: 'capflood', ...c })).body).toMatchObject({ code: 200 });
    clock = new Date(clock.getTime() + 3600_000 + 1000);
    const again = await captcha();
    expect((await registerFrom(ip, { ...base, username: 'capflood10', ...again })).body).toMatchObject({ code: 200 });
  });
});
