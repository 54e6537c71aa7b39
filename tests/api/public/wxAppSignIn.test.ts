/**
 * Issue 32 item 4: messaging-app sign-in and binding through the product's HTTP providers against
 * a loopback WeChat (tests/api/support/wxAppFake.ts), with a fake clock: bind by password and
 * signed in, sign in by openId, the bind prompt for an unknown openId, state bound to the browser
 * (replay, expiry, another browser), code reuse, one user per openId in a tenant, tenant isolation,
 * unbind, throttling, the official-account provider, and the sign-in not configured (Chinese 4xx).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';
import { startWxAppFake, type WxAppFake } from '../support/wxAppFake.js';
import { WXAPP_MESSAGES as M } from '../../../src/server/public/wxAppSignIn.js';
import type { WxAppConfig } from '../../../src/server/config.js';

let t: TestApp;
let off: TestApp;
let wx: WxAppFake;
let clock = new Date('2026-03-02T02:00:00Z');
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));

const wxConfig = (fake: WxAppFake, kind: 'work' | 'mp'): WxAppConfig => ({
  kind,
  appId: fake.appId,
  secret: fake.secret,
  agentId: kind === 'work' ? '1000002' : null,
  apiBaseUrl: fake.url,
  authorizeUrl: fake.authorizeUrl,
  redirectUrl: null,
});

beforeAll(async () => {
  wx = await startWxAppFake();
  t = await createTestApp({ config: { wxApp: wxConfig(wx, 'work') }, now: () => clock });
  off = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  await wx?.close();
});
// A later hour each test: the per-address throttle starts afresh.
beforeEach(() => {
  tick(2 * 3600_000);
});

interface Browser {
  cookie: string | null;
  ip: string;
}
const browser = (ip = '127.0.0.1'): Browser => ({ cookie: null, ip });

async function post(app: TestApp, b: Browser, url: string, body: object, token?: string) {
  const res = await app.app.inject({
    method: 'POST',
    url,
    payload: body,
    remoteAddress: b.ip,
    headers: { ...(b.cookie ? { cookie: b.cookie } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const set = res.headers['set-cookie'];
  if (typeof set === 'string') b.cookie = set.split(';')[0];
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** Starts a sign-in in `b` and returns the state the provider will hand back. */
async function start(b: Browser, tenantCode = 'DEFAULT', redirect = '/index', app = t) {
  const res = await post(app, b, '/api/wxapp/authorize', { tenantCode, redirect });
  expect(res.status).toBe(200);
  const url = new URL(res.body.data.authorizeUrl);
  return url.searchParams.get('state') as string;
}

/** The whole round: authorize, consent as `openId`, and the code exchanged. */
async function signIn(b: Browser, openId: string, tenantCode = 'DEFAULT', app = t) {
  const state = await start(b, tenantCode, '/index', app);
  return post(app, b, '/api/wxapp/login', { code: wx.issueCode(openId), state });
}

async function ticketFor(b: Browser, openId: string, tenantCode = 'DEFAULT') {
  const res = await signIn(b, openId, tenantCode);
  expect(res.body.data).toMatchObject({ bound: false });
  return res.body.data.ticket as string;
}

describe('messaging-app sign-in', () => {
  it('tells the client it is enabled and which provider, never the secret', async () => {
    const res = await as(t, null).get('/api/wxapp/config');
    expect(res.body.data).toEqual({ enabled: true, provider: 'work' });
    const b = browser();
    const auth = await post(t, b, '/api/wxapp/authorize', { tenantCode: 'DEFAULT', redirect: '/index' });
    expect(JSON.stringify(auth.body)).not.toContain(wx.secret);
    const url = new URL(auth.body.data.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(wx.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ appid: wx.appId, response_type: 'code', scope: 'snsapi_base', agentid: '1000002' });
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/auth-redirect$/);
    expect(url.hash).toBe('#wechat_redirect');
    const cookie = String(auth.headers['set-cookie']);
    expect(cookie).toMatch(/^fw_wxapp=[A-Za-z0-9_-]{43}; Path=\/api\/wxapp; Max-Age=1200; HttpOnly; SameSite=Lax$/);
  });

  it('answers an unknown openId with the bind prompt and a ticket, not the openId', async () => {
    const res = await signIn(browser(), 'wx-unknown');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ bound: false, redirect: '/index', prompt: '该微信尚未绑定账号，请登录后完成绑定' });
    expect(res.body.data.token).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain('wx-unknown');
  });

  it('binds with name and password, then signs in by the openId with a normal token', async () => {
    const b = browser();
    const ticket = await ticketFor(b, 'wx-admin');
    const bind = await post(t, b, '/api/wxapp/bindLogin', { ticket, username: 'admin', password: TEST_PASSWORD });
    expect(bind.status).toBe(200);
    expect(bind.body).toMatchObject({ code: 200, msg: '绑定成功', data: { redirect: '/index', needPerfect: false } });
    const info = await as(t, bind.body.data.token).get('/api/getInfo');
    expect(info.body.user).toMatchObject({ userName: 'admin', hasOpenId: true });
    expect(JSON.stringify(info.body)).not.toContain('wx-admin');

    // The ticket is spent.
    expect((await post(t, b, '/api/wxapp/bindLogin', { ticket, username: 'admin', password: TEST_PASSWORD })).body).toEqual({ code: 400, msg: M.ticketInvalid });

    const again = await signIn(browser(), 'wx-admin');
    expect(again.body.data).toMatchObject({ bound: true, redirect: '/index', needPerfect: false });
    const me = await as(t, again.body.data.token).get('/api/getInfo');
    expect(me.body.user.userName).toBe('admin');
    const logged = await t.db.selectFrom('login_attempts').select(['user_name', 'msg', 'success']).where('msg', '=', '微信登录成功').execute();
    expect(logged.some((r) => r.user_name === 'admin' && r.success)).toBe(true);
    // Signing out revokes the token as for any sign-in.
    expect((await as(t, again.body.data.token).post('/api/logout')).status).toBe(200);
    expect((await as(t, again.body.data.token).get('/api/getInfo')).status).toBe(401);
  });

  it('refuses a wrong password without binding, with the sign-in message', async () => {
    const b = browser();
    const ticket = await ticketFor(b, 'wx-nobody');
    const res = await post(t, b, '/api/wxapp/bindLogin', { ticket, username: 'admin', password: 'wrong-password' });
    expect(res.body).toEqual({ code: 400, msg: '用户不存在/密码错误' });
    expect(await t.db.selectFrom('users').select('id').where('open_id', '=', 'wx-nobody').executeTakeFirst()).toBeUndefined();
  });

  it('binds to the signed-in user of the ticket tenant, and unbinds', async () => {
    const admin = await t.login('DEFAULT', 'admin');
    await as(t, admin).post('/api/unbind');
    const b = browser();
    const ticket = await ticketFor(b, 'wx-signed-in');
    const bound = await post(t, b, '/api/wxapp/bind', { ticket }, admin);
    expect(bound.body).toEqual({ code: 200, msg: '绑定成功' });
    expect((await signIn(browser(), 'wx-signed-in')).body.data.bound).toBe(true);
    const log = await t.db.selectFrom('oper_log').select('title').where('title', '=', '绑定微信').execute();
    expect(log.length).toBeGreaterThan(0);

    expect((await as(t, admin).post('/api/unbind')).body).toEqual({ code: 200, msg: '解绑成功' });
    expect((await signIn(browser(), 'wx-signed-in')).body.data).toMatchObject({ bound: false });
    expect((await as(t, admin).post('/api/unbind')).body).toEqual({ code: 400, msg: '当前账号未绑定微信' });
  });

  it('refuses, started by 绑定微信, a WeChat account bound to someone else instead of signing in as them', async () => {
    const admin = await t.login('DEFAULT', 'admin');
    await as(t, admin).post('/api/unbind');
    const holder = browser();
    const ticket = await ticketFor(holder, 'wx-held');
    expect((await post(t, holder, '/api/wxapp/bind', { ticket }, admin)).body).toEqual({ code: 200, msg: '绑定成功' });

    // Another user's browser starts a binding and comes back with the admin's WeChat account.
    const b = browser();
    const auth = await post(t, b, '/api/wxapp/authorize', { tenantCode: 'DEFAULT', redirect: '/index', bind: true });
    const state = new URL(auth.body.data.authorizeUrl).searchParams.get('state') as string;
    const res = await post(t, b, '/api/wxapp/login', { code: wx.issueCode('wx-held'), state });
    expect(res.body).toEqual({ code: 400, msg: M.boundElsewhere });
    expect(JSON.stringify(res.body)).not.toContain('token');
    // The same account signing in (not binding) still works.
    expect((await signIn(browser(), 'wx-held')).body.data.bound).toBe(true);
    await as(t, admin).post('/api/unbind');
  });

  it('binds an openId to one user per tenant, and a user to one openId', async () => {
    const admin = await t.login('DEFAULT', 'admin');
    await as(t, admin).post('/api/unbind');
    await as(t, admin).post('/api/system/user', { userName: 'wxuser2', nickName: '微信二', password: 'secret12' });
    const other = await t.login('DEFAULT', 'wxuser2', 'secret12');
    // Two tickets for one openId, taken before either binds.
    const b1 = browser();
    const b2 = browser();
    const t1 = await ticketFor(b1, 'wx-shared');
    const t2 = await ticketFor(b2, 'wx-shared');
    expect((await post(t, b1, '/api/wxapp/bind', { ticket: t1 }, admin)).status).toBe(200);
    expect((await post(t, b2, '/api/wxapp/bind', { ticket: t2 }, other)).body).toEqual({ code: 400, msg: M.boundElsewhere });
    // The refused bind left the ticket unspent; a user who holds another openId is refused too.
    const t3 = await ticketFor(b2, 'wx-second');
    expect((await post(t, b2, '/api/wxapp/bind', { ticket: t3 }, admin)).body).toEqual({ code: 400, msg: M.userHasOther });
    const holders = await t.db.selectFrom('users').select('user_name').where('open_id', '=', 'wx-shared').execute();
    expect(holders).toEqual([{ user_name: 'admin' }]);
    await as(t, admin).post('/api/unbind');
  });

  it('keeps tenants apart: a binding and a ticket hold in their own tenant only', async () => {
    const b = browser();
    const ticket = await ticketFor(b, 'wx-tenant');
    await post(t, b, '/api/wxapp/bindLogin', { ticket, username: 'admin', password: TEST_PASSWORD });
    expect((await signIn(browser(), 'wx-tenant')).body.data.bound).toBe(true);
    // The same WeChat user in T2 is a stranger there.
    const b2 = browser();
    const res = await signIn(b2, 'wx-tenant', 'T2');
    expect(res.body.data).toMatchObject({ bound: false });
    // A T2 ticket cannot bind a DEFAULT user.
    const defaultAdmin = await t.login('DEFAULT', 'admin');
    expect((await post(t, b2, '/api/wxapp/bind', { ticket: res.body.data.ticket }, defaultAdmin)).body).toEqual({ code: 403, msg: M.ticketOtherTenant });
    // With the T2 password it binds T2's admin, and each tenant's sign-in finds its own user.
    const t2Ticket = await ticketFor(b2, 'wx-tenant', 'T2');
    const bound = await post(t, b2, '/api/wxapp/bindLogin', { ticket: t2Ticket, username: 'admin', password: TEST_PASSWORD });
    expect(bound.status).toBe(200);
    const t2Info = await as(t, (await signIn(browser(), 'wx-tenant', 'T2')).body.data.token).get('/api/getInfo');
    expect(t2Info.body.user.tenantCode).toBe('T2');
    const defInfo = await as(t, (await signIn(browser(), 'wx-tenant')).body.data.token).get('/api/getInfo');
    expect(defInfo.body.user.tenantCode).toBe('DEFAULT');
    await as(t, defaultAdmin).post('/api/unbind');
  });

  it('refuses a replayed state, a state of another browser or none, and an expired one', async () => {
    const b = browser();
    const state = await start(b);
    expect((await post(t, b, '/api/wxapp/login', { code: wx.issueCode('wx-r'), state })).status).toBe(200);
    expect((await post(t, b, '/api/wxapp/login', { code: wx.issueCode('wx-r'), state })).body).toEqual({ code: 400, msg: M.stateInvalid });

    const mine = await start(b);
    const thief = browser();
    await start(thief);
    expect((await post(t, thief, '/api/wxapp/login', { code: wx.issueCode('wx-r'), state: mine })).body).toEqual({ code: 400, msg: M.stateInvalid });
    expect((await post(t, browser(), '/api/wxapp/login', { code: wx.issueCode('wx-r'), state: mine })).body).toEqual({ code: 400, msg: M.stateInvalid });
    // The refused attempts did not spend it: the right browser still can.
    expect((await post(t, b, '/api/wxapp/login', { code: wx.issueCode('wx-r'), state: mine })).status).toBe(200);

    const late = await start(b);
    tick(10 * 60_000);
    expect((await post(t, b, '/api/wxapp/login', { code: wx.issueCode('wx-r'), state: late })).body).toEqual({ code: 400, msg: M.stateExpired });
  });

  it('refuses a code used before and a code the provider does not know', async () => {
    const b = browser();
    const code = wx.issueCode('wx-code');
    expect((await post(t, b, '/api/wxapp/login', { code, state: await start(b) })).status).toBe(200);
    expect((await post(t, b, '/api/wxapp/login', { code, state: await start(b) })).body).toEqual({ code: 400, msg: M.codeUsed });
    expect((await post(t, b, '/api/wxapp/login', { code: 'not-a-code-of-wechat', state: await start(b) })).body).toEqual({ code: 400, msg: M.codeInvalid });
  });

  it('renews an expired WeChat Work access token once, and answers 503 in Chinese when WeChat is down', async () => {
    wx.expireToken();
    expect((await signIn(browser(), 'wx-renew')).status).toBe(200);
    wx.failing = true;
    try {
      expect((await signIn(browser(), 'wx-down')).body).toEqual({ code: 503, msg: M.providerDown });
    } finally {
      wx.failing = false;
    }
  });

  it('refuses a disabled user bound to the openId with the sign-in message', async () => {
    const admin = await t.login('DEFAULT', 'admin');
    await as(t, admin).post('/api/system/user', { userName: 'wxoff', nickName: '停用', password: 'secret12' });
    const b = browser();
    await post(t, b, '/api/wxapp/bindLogin', { ticket: await ticketFor(b, 'wx-off'), username: 'wxoff', password: 'secret12' });
    await t.db.updateTable('users').set({ status: '1' }).where('user_name', '=', 'wxoff').execute();
    expect((await signIn(browser(), 'wx-off')).body).toEqual({ code: 400, msg: '对不起，您的账号已停用，请联系管理员' });
  });

  it('throttles the public calls per address', async () => {
    const b = browser('10.20.30.40');
    for (let i = 0; i < 60; i++) expect((await post(t, b, '/api/wxapp/authorize', { tenantCode: 'DEFAULT' })).status).toBe(200);
    expect((await post(t, b, '/api/wxapp/authorize', { tenantCode: 'DEFAULT' })).body).toEqual({ code: 429, msg: '微信登录请求过于频繁，请稍后再试' });
    expect((await post(t, b, '/api/wxapp/login', { code: 'abc', state: 'x'.repeat(43) })).status).toBe(429);
    expect((await post(t, browser('10.20.30.41'), '/api/wxapp/authorize', { tenantCode: 'DEFAULT' })).status).toBe(200);
  });

  it('refuses bad input and an unknown tenant with Chinese 4xx', async () => {
    const b = browser();
    expect((await post(t, b, '/api/wxapp/authorize', { tenantCode: 'NOPE' })).body).toEqual({ code: 400, msg: '租户不存在' });
    expect((await post(t, b, '/api/wxapp/login', { code: 'a b', state: 'short' })).status).toBe(400);
    const r = await post(t, b, '/api/wxapp/authorize', { tenantCode: 'DEFAULT', redirect: '//evil.example/x' });
    const state = new URL(r.body.data.authorizeUrl).searchParams.get('state') as string;
    expect((await post(t, b, '/api/wxapp/login', { code: wx.issueCode('wx-redirect'), state })).body.data.redirect).toBe('/');
  });
});

describe('messaging-app sign-in, official account', () => {
  it('signs in through /sns/oauth2/access_token', async () => {
    const mp = await createTestApp({ config: { wxApp: wxConfig(wx, 'mp') }, now: () => clock });
    try {
      expect((await as(mp, null).get('/api/wxapp/config')).body.data).toEqual({ enabled: true, provider: 'mp' });
      const b = browser();
      const state = await start(b, 'DEFAULT', '/index', mp);
      const url = (await post(mp, b, '/api/wxapp/authorize', {})).body.data.authorizeUrl as string;
      expect(new URL(url).searchParams.has('agentid')).toBe(false);
      const res = await post(mp, b, '/api/wxapp/login', { code: wx.issueCode('mp-openid'), state });
      expect(res.body.data).toMatchObject({ bound: false });
      expect(wx.calls.at(-1)).toMatchObject({ path: '/sns/oauth2/access_token', query: { appid: wx.appId, grant_type: 'authorization_code' } });
    } finally {
      await mp.close();
    }
  });
});

describe('messaging-app sign-in not configured', () => {
  it('says so in Chinese with a 400 on every call, and the config says disabled', async () => {
    expect((await as(off, null).get('/api/wxapp/config')).body.data).toEqual({ enabled: false, provider: null });
    const b = browser();
    expect((await post(off, b, '/api/wxapp/authorize', { tenantCode: 'DEFAULT' })).body).toEqual({ code: 400, msg: M.notEnabled });
    expect((await post(off, b, '/api/wxapp/login', { code: 'abc', state: 'x'.repeat(43) })).body).toEqual({ code: 400, msg: M.notEnabled });
    expect((await post(off, b, '/api/wxapp/bindLogin', { ticket: 'x'.repeat(43), username: 'admin', password: TEST_PASSWORD })).body).toEqual({ code: 400, msg: M.notEnabled });
    const admin = await off.login();
    expect((await post(off, b, '/api/wxapp/bind', { ticket: 'x'.repeat(43) }, admin)).body).toEqual({ code: 400, msg: M.notEnabled });
  });
});
