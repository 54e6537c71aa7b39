/**
 * Issue 32 item 2: SMS verification codes through the HTTP provider and a loopback gateway, with a
 * fake clock for the time limits: expiry, 60 s, 10 a day, 5 wrong tries, throttle per address,
 * replay of a spent code, tenant isolation, password reset by code, and SMS not configured.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';
import { startSmsFake, type SmsFake } from '../support/smsFake.js';
import { setTenantConfig } from '../support/tenantConfig.js';

let t: TestApp;
let sms: SmsFake;
let clock = new Date('2026-03-02T02:00:00Z');
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));
const anon = () => as(t, null);

beforeAll(async () => {
  sms = await startSmsFake();
  t = await createTestApp({ config: { smsHttpUrl: sms.url, smsHttpToken: sms.token }, now: () => clock });
  for (const tenant of ['DEFAULT', 'T2']) await setTenantConfig(t, tenant, 'sys.sms.enabled', 'true');
});
afterAll(async () => {
  await t?.close();
  await sms?.close();
});
// Each test starts two days later, so earlier sends count against nothing.
beforeEach(() => {
  tick(2 * 24 * 3600_000);
});

const send = (phonenumber: string, tenantCode = 'DEFAULT') => anon().post('/api/common/sms/send', { phonenumber, tenantCode });
const check = (phonenumber: string, code: string, tenantCode = 'DEFAULT') => anon().post('/api/system/user/verifyCode/check', { phonenumber, code, tenantCode });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('SMS verification codes', () => {
  it('sends a 6-digit code through the gateway and accepts it, never answering the code itself', async () => {
    const res = await send('13900000001');
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('验证码已发送');
    const code = sms.lastCode('13900000001');
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(res.body)).not.toContain(code);
    const row = await t.db.selectFrom('sms_codes').selectAll().where('phone', '=', '13900000001').executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect((await check('13900000001', code)).body).toEqual({ code: 200, msg: '验证成功' });
  });

  it('refuses a malformed number and an unknown tenant', async () => {
    expect((await send('12345')).body).toEqual({ code: 400, msg: '请输入正确的手机号码' });
    expect((await send('13900000002', 'NOPE')).body).toEqual({ code: 400, msg: '租户不存在' });
  });

  it('lets a code expire after 5 minutes', async () => {
    await send('13900000003');
    const code = sms.lastCode('13900000003');
    tick(5 * 60_000 - 1000);
    expect((await check('13900000003', code)).status).toBe(200);
    tick(1000);
    expect((await check('13900000003', code)).body).toEqual({ code: 400, msg: '验证码已失效，请重新获取' });
  });

  it('sends one code per number per 60 seconds', async () => {
    expect((await send('13900000004')).status).toBe(200);
    tick(59_000);
    const again = await send('13900000004');
    expect(again.status).toBe(429);
    expect(again.body.msg).toBe('验证码发送过于频繁，请1秒后再试');
    tick(1000);
    expect((await send('13900000004')).status).toBe(200);
  });

  it('sends one code when two requests for a number arrive at once', async () => {
    const answers = await Promise.all([send('13900000011'), send('13900000011'), send('13900000011')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
    expect(sms.messages.filter((m) => m.phone === '13900000011')).toHaveLength(1);
  });

  it('sends at most 10 codes per number in a day', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await send('13900000005')).status).toBe(200);
      tick(61_000);
    }
    const eleventh = await send('13900000005');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.msg).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
    tick(24 * 3600_000);
    expect((await send('13900000005')).status).toBe(200);
  });

  it('voids a code after 5 wrong answers, even the right one afterwards', async () => {
    await send('13900000006');
    const code = sms.lastCode('13900000006');
    for (let left = 4; left >= 1; left--) {
      expect((await check('13900000006', wrong(code))).body.msg).toBe(`验证码错误，还可尝试${left}次`);
    }
    expect((await check('13900000006', wrong(code))).body.msg).toBe('验证码错误次数过多，请重新获取');
    expect((await check('13900000006', code)).body).toEqual({ code: 400, msg: '验证码错误次数过多，请重新获取' });
    tick(60_000);
    await send('13900000006');
    expect((await check('13900000006', sms.lastCode('13900000006'))).status).toBe(200);
  });

  it('throttles one client address to 20 codes an hour over all numbers', async () => {
    const from = (ip: string, phonenumber: string) =>
      t.app.inject({ method: 'POST', url: '/api/common/sms/send', remoteAddress: ip, payload: { phonenumber, tenantCode: 'DEFAULT' } });
    for (let i = 0; i < 20; i++) expect((await from('10.9.9.9', `1370000${String(i).padStart(4, '0')}`)).statusCode).toBe(200);
    const refused = await from('10.9.9.9', '13700009999');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('当前网络获取验证码过于频繁，请1小时后再试');
    expect((await from('10.9.9.10', '13700009999')).statusCode).toBe(200);
    tick(3600_000);
    expect((await from('10.9.9.9', '13700009998')).statusCode).toBe(200);
  });

  it('stops checks from one client address after 30 wrong answers an hour, over all numbers', async () => {
    const from = (ip: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: { tenantCode: 'DEFAULT', ...payload } });
    // 6 numbers × 5 wrong answers = 30, each number's code voided on its own on the way.
    const codes: Record<string, string> = {};
    for (let i = 0; i < 7; i++) {
      const phone = `1350000000${i}`;
      expect((await from('10.8.8.8', '/api/common/sms/send', { phonenumber: phone })).statusCode).toBe(200);
      codes[phone] = sms.lastCode(phone);
    }
    for (let i = 0; i < 6; i++) {
      const phone = `1350000000${i}`;
      for (let k = 0; k < 5; k++) expect((await from('10.8.8.8', '/api/system/user/verifyCode/check', { phonenumber: phone, code: wrong(codes[phone]) })).statusCode).toBe(400);
    }
    const blocked = await from('10.8.8.8', '/api/system/user/verifyCode/check', { phonenumber: '13500000006', code: codes['13500000006'] });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe('验证码错误次数过多，请1小时后再试');
    // Another address, or the same one an hour later, checks as before.
    expect((await from('10.8.8.9', '/api/system/user/verifyCode/check', { phonenumber: '13500000006', code: codes['13500000006'] })).statusCode).toBe(200);
    tick(3600_000);
    expect((await from('10.8.8.8', '/api/system/user/verifyCode/check', { phonenumber: '13500000006', code: codes['13500000006'] })).json().msg).toBe('验证码已失效，请重新获取');
  });

  it('keeps codes per tenant: a code sent in T2 does not verify in DEFAULT', async () => {
    await send('13900000007', 'T2');
    const code = sms.lastCode('13900000007');
    expect((await check('13900000007', code, 'DEFAULT')).body.msg).toBe('验证码已失效，请重新获取');
    expect((await check('13900000007', code, 'T2')).status).toBe(200);
    // The 60 s limit is per tenant too.
    expect((await send('13900000007', 'DEFAULT')).status).toBe(200);
  });

  it('does not count a message the gateway refused', async () => {
    sms.failing = true;
    try {
      const res = await send('13900000008');
      expect(res.status).toBe(502);
      expect(res.body.msg).toBe('短信发送失败，请稍后再试');
    } finally {
      sms.failing = false;
    }
    expect((await send('13900000008')).status).toBe(200);
  });
});

describe('password reset with a code', () => {
  const reset = (body: Record<string, string>) => anon().post('/api/system/user/password/resetWithVerifyCode', { tenantCode: 'DEFAULT', ...body });

  it('sends withCheck only to a number an account of the tenant has', async () => {
    const res = await anon().post('/api/common/sms/send/withCheck', { phonenumber: '13900000099', tenantCode: 'DEFAULT' });
    expect(res.body).toEqual({ code: 400, msg: '该手机号未绑定账号' });
    expect(sms.messages.some((m) => m.phone === '13900000099')).toBe(false);
  });

  it('resets the password of the account of the number, and the code cannot be replayed', async () => {
    const phone = '13800000003'; // liuyang
    expect((await anon().post('/api/common/sms/send/withCheck', { phonenumber: phone, tenantCode: 'DEFAULT' })).status).toBe(200);
    const code = sms.lastCode(phone);
    expect((await reset({ phonenumber: phone, code, password: 'short' })).body.msg).toMatch(/^密码长度不能少于8位/);
    const ok = await reset({ phonenumber: phone, code, password: 'Newpass123' });
    expect(ok.body).toEqual({ code: 200, msg: '密码重置成功' });
    expect((await t.login('DEFAULT', 'liuyang', 'Newpass123')).length).toBeGreaterThan(0);
    const replay = await reset({ phonenumber: phone, code, password: 'Other12345' });
    expect(replay.body).toEqual({ code: 400, msg: '验证码已失效，请重新获取' });
    expect((await check(phone, code)).body.msg).toBe('验证码已失效，请重新获取');
  });

  it('counts a wrong code on reset as a wrong try', async () => {
    const phone = '13800000002'; // staff
    await anon().post('/api/common/sms/send/withCheck', { phonenumber: phone, tenantCode: 'DEFAULT' });
    const code = sms.lastCode(phone);
    expect((await reset({ phonenumber: phone, code: wrong(code), password: 'Newpass123' })).body.msg).toBe('验证码错误，还可尝试4次');
    expect((await t.login('DEFAULT', 'staff')).length).toBeGreaterThan(0);
  });
});

describe('SMS turned off by a tenant', () => {
  it('answers that SMS is not enabled in that tenant only', async () => {
    await setTenantConfig(t, 'T2', 'sys.sms.enabled', 'false');
    try {
      expect((await send('13900000010', 'T2')).body).toEqual({ code: 400, msg: '短信服务未开启，请联系管理员' });
      expect((await send('13900000010', 'DEFAULT')).status).toBe(200);
    } finally {
      await setTenantConfig(t, 'T2', 'sys.sms.enabled', 'true');
    }
  });
});

describe('SMS not configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ config: { smsHttpUrl: null } });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('answers that SMS is not enabled on every sending call', async () => {
    for (const url of ['/api/common/sms/send', '/api/common/sms/send/withCheck']) {
      const res = await as(bare, null).post(url, { phonenumber: '13800000001', tenantCode: 'DEFAULT' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, msg: '短信服务未开启，请联系管理员' });
    }
  });
});
