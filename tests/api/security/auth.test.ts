/**
 * Sign-in and sessions under attack (issue 11 items 4, 5, 7): lockout counted atomically per user
 * and address, unknown users compared against a dummy hash, password change revoking other
 * sessions, updatePwd throttled, needPerfect enforced on the API, initPassword hidden, policy.
 */
import diagnostics from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHECK_CHANNEL } from '../../../src/server/auth/passwordCheck.js';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';

let t: TestApp;
const checks: { userFound: boolean }[] = [];
const onCheck = (m: unknown) => checks.push(m as { userFound: boolean });

beforeAll(async () => {
  t = await createTestApp();
  diagnostics.subscribe(PASSWORD_CHECK_CHANNEL, onCheck);
  for (const tenant of ['DEFAULT', 'T2']) adminTokens.set(tenant, await t.login(tenant, 'admin'));
});
afterAll(async () => {
  diagnostics.unsubscribe(PASSWORD_CHECK_CHANNEL, onCheck);
  await t?.close();
});

/** A call from a given client address. */
async function from(ip: string, method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
  const res = await t.app.inject({ method, url, remoteAddress: ip, payload: body as any, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, body: res.json() };
}
const signIn = (ip: string, tenantCode: string, username: string, password: string) => from(ip, 'POST', '/api/login', { username, password, tenantCode });

const adminTokens = new Map<string, string>();

/** Sets (adds or edits) a config value of a tenant as its admin (signed in once, before any password setting is on). */
async function setConfig(tenant: string, key: string, value: string) {
  if (!adminTokens.has(tenant)) adminTokens.set(tenant, await t.login(tenant, 'admin'));
  const admin = as(t, adminTokens.get(tenant)!);
  const rows = (await admin.get(`/api/system/config/list?configKey=${key}&pageSize=100`)).body.rows.filter((r: any) => r.configKey === key);
  const res = rows.length
    ? await admin.post('/api/system/config/edit', { configId: rows[0].configId, configName: rows[0].configName, configKey: key, configValue: value })
    : await admin.post('/api/system/config', { configName: key, configKey: key, configValue: value });
  expect(res.status).toBe(200);
}

describe('lockout under parallel attempts', () => {
  it('100 parallel wrong passwords make at most 5 password checks; a right one among 30 parallel after the limit does not sign in', async () => {
    checks.length = 0;
    const ip = '10.11.0.1';
    const first = await Promise.all(Array.from({ length: 100 }, () => signIn(ip, 'DEFAULT', 'liuyang', 'wrong-password')));
    expect(checks.length).toBeLessThanOrEqual(5);
    expect(checks.length).toBeGreaterThan(0);
    expect(first.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(95);
    expect(first.every((r) => r.status === 400 || r.status === 429)).toBe(true);

    checks.length = 0;
    const batch = Array.from({ length: 30 }, (_, i) => signIn(ip, 'DEFAULT', 'liuyang', i === 17 ? 'admin123' : 'wrong-password'));
    const second = await Promise.all(batch);
    expect(second.every((r) => r.status === 429)).toBe(true);
    expect(second[17].body.msg).toBe('密码输入错误5次，帐户锁定10分钟，请稍后再试');
    expect(checks.length).toBe(0);
  });

  it('compares an unknown user name against a dummy hash (the same work as a known one)', async () => {
    checks.length = 0;
    const res = await signIn('10.11.0.2', 'DEFAULT', 'ghost-user', 'whatever1');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('用户不存在/密码错误');
    expect(checks).toEqual([{ userFound: false }]);
    const known = await signIn('10.11.0.2', 'DEFAULT', 'staff', 'whatever1');
    expect(known.body.msg).toBe('用户不存在/密码错误');
    expect(checks).toEqual([{ userFound: false }, { userFound: true }]);
  });
});

describe('lockout per user and address', () => {
  it('five failures lock the user at that address only', async () => {
    for (let i = 0; i < 4; i++) expect((await signIn('10.12.0.1', 'T2', 'liuyang', 'bad')).status).toBe(400);
    expect((await signIn('10.12.0.1', 'T2', 'liuyang', 'bad')).status).toBe(429);
    const locked = await signIn('10.12.0.1', 'T2', 'liuyang', 'admin123');
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toBe('密码输入错误5次，帐户锁定10分钟，请稍后再试');
    // The same user from another address, and another user from the first one, still sign in.
    expect((await signIn('10.12.0.2', 'T2', 'liuyang', 'admin123')).status).toBe(200);
    expect((await signIn('10.12.0.1', 'T2', 'staff', 'admin123')).status).toBe(200);
  });

  it('twenty failures from one address do not lock out the users who sign in there', async () => {
    const office = '10.13.0.1';
    expect((await signIn(office, 'T2', 'admin', 'admin123')).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await signIn(office, 'T2', `nobody${i}`, 'x')).status).toBe(400);
    // A user who signed in from the office goes on signing in there.
    expect((await signIn(office, 'T2', 'admin', 'admin123')).status).toBe(200);
    // New user names from that address are refused for the window (spraying names).
    const sprayed = await signIn(office, 'T2', 'staff', 'admin123');
    expect(sprayed.status).toBe(429);
    expect(sprayed.body.msg).toBe('登录失败次数过多，请10分钟后再试');
    expect((await signIn('10.13.0.2', 'T2', 'staff', 'admin123')).status).toBe(200);
  });
});

describe('password change', () => {
  it('revokes the user\'s other sessions and keeps the current one', async () => {
    const ip = '10.14.0.1';
    const a = (await signIn(ip, 'DEFAULT', 'staff', 'admin123')).body.token;
    const b = (await signIn(ip, 'DEFAULT', 'staff', 'admin123')).body.token;
    const other = await t.login('DEFAULT', 'liuyang');
    const changed = await from(ip, 'POST', '/api/system/user/profile/updatePwd', { oldPassword: 'admin123', newPassword: 'Changed2026' }, a);
    expect(changed.status).toBe(200);
    expect((await as(t, a).get('/api/getInfo')).status).toBe(200);
    expect((await as(t, b).get('/api/getInfo')).status).toBe(401);
    expect((await as(t, other).get('/api/getInfo')).status).toBe(200);
    expect((await signIn(ip, 'DEFAULT', 'staff', 'admin123')).status).toBe(400);
    expect((await signIn(ip, 'DEFAULT', 'staff', 'Changed2026')).status).toBe(200);
  });

  it('throttles wrong old passwords like sign-in failures', async () => {
    const ip = '10.15.0.1';
    const token = (await signIn(ip, 'T2', 'staff', 'admin123')).body.token;
    for (let i = 0; i < 4; i++) {
      const wrong = await from(ip, 'POST', '/api/system/user/profile/updatePwd', { oldPassword: `guess${i}`, newPassword: 'Another2026' }, token);
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toBe('修改密码失败，旧密码错误');
    }
    expect((await from(ip, 'POST', '/api/system/user/profile/updatePwd', { oldPassword: 'guess4', newPassword: 'Another2026' }, token)).status).toBe(429);
    const right = await from(ip, 'POST', '/api/system/user/profile/updatePwd', { oldPassword: 'admin123', newPassword: 'Another2026' }, token);
    expect(right.status).toBe(429);
    expect(right.body.msg).toBe('密码输入错误5次，帐户锁定10分钟，请稍后再试');
    // They count for sign-in at that address too; the password is unchanged.
    expect((await signIn(ip, 'T2', 'staff', 'admin123')).status).toBe(429);
    expect((await signIn('10.15.0.2', 'T2', 'staff', 'admin123')).status).toBe(200);
  });

  it('refuses a new password against the policy with the Chinese message; the policy is a config key', async () => {
    const ip = '10.16.0.1';
    const token = (await signIn(ip, 'T2', 'liuyang', 'admin123')).body.token;
    const policy = '密码长度不能少于8位，且须包含大写字母、小写字母、数字、特殊字符中的至少两种';
    for (const weak of ['12345', '12345678', 'abcdefgh', 'ab12']) {
      const res = await from(ip, 'POST', '/api/system/user/profile/updatePwd', { oldPassword: 'admin123', newPassword: weak }, token);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(policy);
      expect(res.body.errors).toEqual([{ field: 'newPassword', message: policy }]);
    }
    await setConfig('T2', 'sys.password.policy', '{"minLength":10,"minClasses":3}');
    const stricter = await from(ip, 'POST', '/api/system/user/profile/updatePwd', { oldPassword: 'admin123', newPassword: 'abcd1234' }, token);
    expect(stricter.body.msg).toBe('密码长度不能少于10位，且须包含大写字母、小写字母、数字、特殊字符中的至少三种');
    expect((await from(ip, 'POST', '/api/system/user/profile/updatePwd', { oldPassword: 'admin123', newPassword: 'Abcd-12345' }, token)).status).toBe(200);
    await setConfig('T2', 'sys.password.policy', '{"minLength":8,"minClasses":2}');
    expect((await signIn(ip, 'T2', 'liuyang', 'Abcd-12345')).status).toBe(200);
  });
});

describe('needPerfect on the API', () => {
  it('limits a token that must change its password to the profile page, until it is changed', async () => {
    await setConfig('DEFAULT', 'sys.password.force.update', 'true');
    try {
      const res = await signIn('10.17.0.1', 'DEFAULT', 'liuyang', 'admin123');
      expect(res.body.needPerfect).toBe(true);
      const token = res.body.token;
      const api = as(t, token);
      expect((await api.get('/api/getInfo')).status).toBe(200);
      expect((await api.get('/api/system/user/profile')).status).toBe(200);
      const refused = await api.get('/api/system/dept/list');
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('您的密码安全等级较低或为初始密码，请先修改密码');
      expect((await api.post('/api/system/user/profile/updatePwd', { oldPassword: 'admin123', newPassword: 'Chosen2026' })).status).toBe(200);
      expect((await api.get('/api/system/dept/list')).status).toBe(200);
      expect((await signIn('10.17.0.1', 'DEFAULT', 'liuyang', 'Chosen2026')).body.needPerfect).toBe(false);
    } finally {
      await setConfig('DEFAULT', 'sys.password.force.update', 'false');
    }
  });

  it('lifts the limit when the tenant turns both password settings off', async () => {
    await setConfig('T2', 'sys.password.force.update', 'true');
    let token: string;
    try {
      const res = await signIn('10.17.0.2', 'T2', 'admin', 'admin123');
      expect(res.body.needPerfect).toBe(true);
      token = res.body.token;
      expect((await as(t, token).get('/api/system/dept/list')).status).toBe(403);
    } finally {
      await setConfig('T2', 'sys.password.force.update', 'false');
    }
    expect((await as(t, token).get('/api/system/dept/list')).status).toBe(200);
  });
});

describe('sys.user.initPassword', () => {
  it('is readable by configuration administrators only', async () => {
    const staff = as(t, await t.login('T2', 'liuyang', 'Abcd-12345'));
    const keys = await staff.post('/api/system/config/configKeys', { keys: ['sys.user.initPassword', 'sys.head.title'] });
    expect(keys.status).toBe(200);
    expect(Object.keys(keys.body.data)).toEqual(['sys.head.title']);
    const one = await staff.get('/api/system/config/configKey/sys.user.initPassword');
    expect(one.body.data).toBeNull();
    expect(one.body.msg).toBe('');
    const admin = as(t, await t.login('T2', 'admin'));
    expect((await admin.post('/api/system/config/configKeys', { keys: ['sys.user.initPassword'] })).body.data).toEqual({ 'sys.user.initPassword': '123456' });
    expect((await admin.get('/api/system/config/configKey/sys.user.initPassword')).body.data).toBe('123456');
  });
});
