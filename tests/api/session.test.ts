import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testServer.js';
import { as } from './support/api.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-in', () => {
  it('signs in the DEFAULT admin and answers getInfo with the admin role', async () => {
    const token = await t.login('DEFAULT', 'admin');
    const res = await as(t, token).get('/api/getInfo');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.user.userName).toBe('admin');
    expect(res.body.user.tenantCode).toBe('DEFAULT');
    expect(res.body.user.deptName).toBe('华建工程有限公司');
    expect(res.body.roles).toContain('admin');
    expect(res.body.permissions).toEqual(['*:*:*']);
  });

  it('defaults the tenant to DEFAULT when tenantCode is absent', async () => {
    const res = await as(t, null).post('/api/login', { username: 'admin', password: 'admin123' });
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
    const info = await as(t, res.body.token).get('/api/getInfo');
    expect(info.body.user.tenantCode).toBe('DEFAULT');
  });

  it('signs in the T2 admin into T2', async () => {
    const token = await t.login('T2', 'admin');
    const info = await as(t, token).get('/api/getInfo');
    expect(info.body.user.tenantCode).toBe('T2');
    expect(info.body.user.tenantName).toBe('宏远建设集团');
  });

  it('refuses a wrong password', async () => {
    const res = await as(t, null).post('/api/login', { username: 'liuyang', password: 'nope', tenantCode: 'DEFAULT' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg: '用户不存在/密码错误' });
  });

  it('refuses an unknown user with the same message as a wrong password', async () => {
    const res = await as(t, null).post('/api/login', { username: 'ghost', password: 'admin123', tenantCode: 'DEFAULT' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('用户不存在/密码错误');
  });

  it('refuses an unknown tenant', async () => {
    const res = await as(t, null).post('/api/login', { username: 'admin', password: 'admin123', tenantCode: 'NOPE' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('租户不存在');
  });

  it('refuses a login without a password, naming the field', async () => {
    const res = await as(t, null).post('/api/login', { username: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'password', message: '密码不能为空' }]);
  });

  it('throttles a user after five failures, even with the right password, then tells why', async () => {
    for (let i = 0; i < 4; i++) {
      const r = await as(t, null).post('/api/login', { username: 'staff', password: 'wrong', tenantCode: 'T2' });
      expect(r.status).toBe(400);
    }
    const fifth = await as(t, null).post('/api/login', { username: 'staff', password: 'wrong', tenantCode: 'T2' });
    expect(fifth.status).toBe(429);
    expect(fifth.body.msg).toBe('密码输入错误5次，帐户锁定10分钟，请稍后再试');
    const right = await as(t, null).post('/api/login', { username: 'staff', password: 'admin123', tenantCode: 'T2' });
    expect(right.status).toBe(429);
    expect(right.body.msg).toContain('帐户锁定');
    // The same user name in the other tenant is not affected.
    expect((await as(t, null).post('/api/login', { username: 'staff', password: 'admin123', tenantCode: 'DEFAULT' })).status).toBe(200);
  });

  it('throttles an address after twenty failures across user names', async () => {
    const from = (username: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.9.8.7', payload: { username, password, tenantCode: 'DEFAULT' } });
    for (let i = 0; i < 20; i++) expect((await from(`nobody${i}`, 'x')).statusCode).toBe(400);
    const refused = await from('admin', 'admin123');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('登录失败次数过多，请10分钟后再试');
    // Other addresses still sign in.
    expect((await as(t, null).post('/api/login', { username: 'admin', password: 'admin123' })).status).toBe(200);
  });

  it('refuses a disabled user', async () => {
    const admin = await t.login();
    const users = await as(t, admin).get('/api/system/user/list?userName=liuyang');
    const id = users.body.rows[0].userId;
    const userToken = await t.login('DEFAULT', 'liuyang');
    expect((await as(t, admin).post('/api/system/user/changeStatus/1', { userId: id })).status).toBe(200);
    const res = await as(t, null).post('/api/login', { username: 'liuyang', password: 'admin123' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('对不起，您的账号已停用，请联系管理员');
    // The disabled user's live token stops working at once.
    expect((await as(t, userToken).get('/api/getInfo')).status).toBe(401);
    await as(t, admin).post('/api/system/user/changeStatus/0', { userId: id });
    expect((await as(t, null).post('/api/login', { username: 'liuyang', password: 'admin123' })).status).toBe(200);
  });
});

describe('previous sign-in (上次登录)', () => {
  it('getInfo names the sign-in before the current one, and nothing on a first sign-in', async () => {
    const staff = await t.db.selectFrom('users as u').innerJoin('tenants as tn', 'tn.id', 'u.tenant_id').select('u.id').where('tn.code', '=', 'DEFAULT').where('u.user_name', '=', 'staff').executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ login_ip: '', login_date: null }).where('id', '=', staff.id).execute();
    const first = await as(t, await t.login('DEFAULT', 'staff', 'admin123')).get('/api/getInfo');
    expect(first.body.user.loginDate).toBeNull();
    expect(first.body.user.loginIp).toBeNull();

    const earlier = new Date('2026-03-04T05:06:07.000Z');
    await t.db.updateTable('users').set({ login_ip: '10.1.2.3', login_date: earlier }).where('id', '=', staff.id).execute();
    const second = await as(t, await t.login('DEFAULT', 'staff', 'admin123')).get('/api/getInfo');
    expect(second.body.user.loginDate).toBe(earlier.toISOString());
    expect(second.body.user.loginIp).toBe('10.1.2.3');

    // The next sign-in reports the one just made.
    const { login_date: latest } = await t.db.selectFrom('users').select('login_date').where('id', '=', staff.id).executeTakeFirstOrThrow();
    const third = await as(t, await t.login('DEFAULT', 'staff', 'admin123')).get('/api/getInfo');
    expect(third.body.user.loginDate).toBe(new Date(latest as Date).toISOString());
    expect(third.body.user.loginDate).not.toBe(earlier.toISOString());
  });
});

describe('forced password change', () => {
  it('flags needPerfect per the tenant settings, until the user chooses a password', async () => {
    const first = await as(t, null).post('/api/login', { username: 'liuyang', password: 'admin123', tenantCode: 'T2' });
    expect(first.body.needPerfect).toBe(false);
    const admin = as(t, await t.login('T2', 'admin'));
    const rows = (await admin.get('/api/system/config/list?configKey=sys.password&pageSize=10')).body.rows;
    const force = rows.find((r: any) => r.configKey === 'sys.password.force.update');
    const check = rows.find((r: any) => r.configKey === 'sys.password.check');
    await admin.post('/api/system/config/edit', { ...pick(force), configValue: 'true' });
    const forced = await as(t, null).post('/api/login', { username: 'liuyang', password: 'admin123', tenantCode: 'T2' });
    expect(forced.body.needPerfect).toBe(true);
    await as(t, forced.body.token).post('/api/system/user/profile/updatePwd', { oldPassword: 'admin123', newPassword: 'abc' + '12345' });
    const chosen = await as(t, null).post('/api/login', { username: 'liuyang', password: 'abc12345', tenantCode: 'T2' });
    expect(chosen.body.needPerfect).toBe(false);
    await admin.post('/api/system/config/edit', { ...pick(force), configValue: 'false' });
    await admin.post('/api/system/config/edit', { ...pick(check), configValue: 'true' });
    // A tenant whose policy allows short one-class passwords; sys.password.check still flags them.
    await admin.post('/api/system/config', { configName: '密码策略', configKey: 'sys.password.policy', configValue: '{"minLength":6,"minClasses":1}' });
    await as(t, chosen.body.token).post('/api/system/user/profile/updatePwd', { oldPassword: 'abc12345', newPassword: 'aaaaaa' });
    const weak = await as(t, null).post('/api/login', { username: 'liuyang', password: 'aaaaaa', tenantCode: 'T2' });
    expect(weak.body.needPerfect).toBe(true);
    await admin.post('/api/system/config/edit', { ...pick(check), configValue: 'false' });
  });
});

describe('tokens', () => {
  it('refuses calls without a token with the 401 message of spec 02 §8', async () => {
    const res = await as(t, null).get('/api/getInfo');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, msg: '认证失败，无法访问系统资源' });
  });

  it('refuses a made-up token', async () => {
    const res = await as(t, 'not-a-real-token').get('/api/getRouters');
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('认证失败，无法访问系统资源');
  });

  it('revokes the token at logout, and only that token', async () => {
    const a = await t.login();
    const b = await t.login();
    const out = await as(t, a).post('/api/logout');
    expect(out.status).toBe(200);
    expect((await as(t, a).get('/api/getInfo')).status).toBe(401);
    expect((await as(t, b).get('/api/getInfo')).status).toBe(200);
  });
});

describe('captcha', () => {
  it('is off by default', async () => {
    const res = await as(t, null).get('/api/captchaImage');
    expect(res.body).toMatchObject({ code: 200, captchaEnabled: false });
  });

  it('when the tenant turns it on, login needs the right code, once', async () => {
    const admin = await t.login('T2', 'admin');
    const cfg = await as(t, admin).get('/api/system/config/list?configKey=sys.account.captchaEnabled');
    const entry = cfg.body.rows[0];
    await as(t, admin).post('/api/system/config/edit', { ...pick(entry), configValue: 'true' });

    const missing = await as(t, null).post('/api/login', { username: 'admin', password: 'admin123', tenantCode: 'T2' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('验证码不能为空');

    const img = await as(t, null).get('/api/captchaImage?tenantCode=T2');
    expect(img.body.captchaEnabled).toBe(true);
    expect(img.body.img).toMatch(/^data:image\/svg\+xml;base64,/);
    const answer = (await t.db.selectFrom('captchas').select('answer').where('uuid', '=', img.body.uuid).executeTakeFirstOrThrow()).answer;

    const wrong = await as(t, null).post('/api/login', { username: 'admin', password: 'admin123', tenantCode: 'T2', uuid: img.body.uuid, code: answer === 'zzzz' ? 'yyyy' : 'zzzz' });
    expect(wrong.body.msg).toBe('验证码错误');
    const reused = await as(t, null).post('/api/login', { username: 'admin', password: 'admin123', tenantCode: 'T2', uuid: img.body.uuid, code: answer });
    expect(reused.body.msg).toBe('验证码已失效');

    const img2 = await as(t, null).get('/api/captchaImage?tenantCode=T2');
    const answer2 = (await t.db.selectFrom('captchas').select('answer').where('uuid', '=', img2.body.uuid).executeTakeFirstOrThrow()).answer;
    const good = await as(t, null).post('/api/login', { username: 'admin', password: 'admin123', tenantCode: 'T2', uuid: img2.body.uuid, code: answer2.toUpperCase() });
    expect(good.status).toBe(200);
    // DEFAULT keeps its own setting.
    expect((await as(t, null).get('/api/captchaImage?tenantCode=DEFAULT')).body.captchaEnabled).toBe(false);
    await as(t, good.body.token).post('/api/system/config/edit', { ...pick(entry), configValue: 'false' });
  });
});

describe('menus and tenants', () => {
  it('gives the admin the whole administration menu', async () => {
    const token = await t.login();
    const res = await as(t, token).get('/api/getRouters');
    expect(res.status).toBe(200);
    const system = res.body.data.find((m: any) => m.meta.title === '系统管理');
    expect(system.component).toBe('Layout');
    expect(system.children.map((c: any) => c.meta.title)).toEqual(expect.arrayContaining(['用户管理', '角色管理', '部门管理', '字典数据', '参数设置', '常量管理']));
    expect(system.children.find((c: any) => c.meta.title === '用户管理').path).toBe('/system/user');
  });

  it('filters menus by the staff role permissions', async () => {
    const token = await t.login('DEFAULT', 'staff');
    const res = await as(t, token).get('/api/getRouters');
    const titles = JSON.stringify(res.body.data);
    expect(titles).toContain('部门管理');
    expect(titles).not.toContain('用户管理');
    expect(titles).not.toContain('角色管理');
  });

  it('lists the tenants without a token', async () => {
    const res = await as(t, null).get('/api/system/tenant/all');
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: any) => x.tenantCode)).toEqual(['DEFAULT', 'T2']);
  });
});

function pick(entry: any) {
  return { configId: entry.configId, configName: entry.configName, configKey: entry.configKey, configValue: entry.configValue, configType: entry.configType, remark: entry.remark };
}
