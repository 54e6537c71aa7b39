/**
 * The messaging-app sign-in pages against msw answers (issue 32 item 4): not enabled says so; the
 * start sends the tenant and redirect and leaves for the provider; a bound WeChat signs in and goes
 * to its redirect; an unbound one goes to /bind, where name and password sign in and bind; /bind
 * without a ticket says so.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WxAppAuthPage from './WxAppAuthPage';
import BindPage from './BindPage';
import { freshRoot, renderInApp } from '../../testing/renderInApp';
import { until } from '../../testing/until';
import { getToken, removeToken } from '../../session/cookies';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer();
let enabled = true;
let bound = true;
const bodies: Record<string, unknown[]> = {};
let root: Root;
const record = (name: string, body: unknown) => (bodies[name] ??= []).push(body);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  enabled = true;
  bound = true;
  for (const k of Object.keys(bodies)) delete bodies[k];
  removeToken();
  sessionStorage.clear();
  server.use(
    http.get('*/api/wxapp/config', () => HttpResponse.json({ code: 200, msg: '', data: { enabled, provider: enabled ? 'work' : null } })),
    http.get('*/api/captchaImage', () => HttpResponse.json({ code: 200, msg: '', captchaEnabled: false })),
    http.post('*/api/wxapp/authorize', async ({ request }) => {
      record('authorize', await request.json());
      return HttpResponse.json({ code: 200, msg: '', data: { authorizeUrl: 'https://open.example/connect/oauth2/authorize?state=s1#wechat_redirect' } });
    }),
    http.post('*/api/wxapp/login', async ({ request }) => {
      const body = (await request.json()) as { code: string };
      record('login', body);
      if (body.code === 'spent') return HttpResponse.json({ code: 400, msg: '该授权码已使用，请重新进入' });
      return HttpResponse.json({
        code: 200,
        msg: '',
        data: bound ? { bound: true, token: 'tok-wx', needPerfect: false, redirect: '/index' } : { bound: false, ticket: 'ticket-1', redirect: '/msg', prompt: '该微信尚未绑定账号，请登录后完成绑定' },
      });
    }),
    http.post('*/api/wxapp/bindLogin', async ({ request }) => {
      record('bindLogin', await request.json());
      return HttpResponse.json({ code: 200, msg: '绑定成功', data: { token: 'tok-bound', needPerfect: false, redirect: '/msg' } });
    }),
  );
  root = freshRoot();
});
afterEach(async () => {
  await act(async () => root.unmount());
  server.resetHandlers();
  vi.restoreAllMocks();
});

async function mount(page: 'auth' | 'bind', url: string) {
  window.history.replaceState(null, '', url);
  await renderInApp(root, page === 'auth' ? <WxAppAuthPage /> : <BindPage />);
}

const byPlaceholder = (p: string) => document.querySelector<HTMLInputElement>(`input[placeholder="${p}"]`)!;
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text)!;
async function type(p: string, value: string) {
  const box = byPlaceholder(p);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, value);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('messaging-app sign-in pages', () => {
  it('says in Chinese that the sign-in is not enabled', async () => {
    enabled = false;
    await mount('auth', '/wxapp-auth?code=abc&state=s1');
    await until(() => document.body.textContent?.includes('系统未启用微信登录，请使用账号密码登录或联系管理员'));
    expect(bodies.login).toBeUndefined();
  });

  it('starts at the provider with the tenant and the redirect', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await mount('auth', '/wxapp-auth/1700000000?tenantCode=T2&redirect=%2Fmsg');
    await until(() => assign.mock.calls.length === 1);
    expect(bodies.authorize).toEqual([{ tenantCode: 'T2', redirect: '/msg' }]);
    expect(assign).toHaveBeenCalledWith('https://open.example/connect/oauth2/authorize?state=s1#wechat_redirect');
  });

  it('signs a bound WeChat in and goes to the redirect', async () => {
    await mount('auth', '/auth-redirect?code=abc&state=s1');
    await until(() => window.location.pathname === '/index');
    expect(bodies.login).toEqual([{ code: 'abc', state: 's1' }]);
    expect(getToken()).toBe('tok-wx');
  });

  it('exchanges a code once when the page is mounted again while it runs', async () => {
    await mount('auth', '/auth-redirect?code=ghi&state=s3');
    await act(async () => root.unmount());
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await mount('auth', '/auth-redirect?code=ghi&state=s3');
    await until(() => window.location.pathname === '/index');
    expect(bodies.login).toEqual([{ code: 'ghi', state: 's3' }]);
    expect(getToken()).toBe('tok-wx');
  });

  it('shows a refused exchange with the way back', async () => {
    await mount('auth', '/auth-redirect?code=spent&state=s1');
    await until(() => document.body.textContent?.includes('微信登录失败'));
    expect(document.body.textContent).toContain('该授权码已使用，请重新进入');
    expect(button('重新进入')).toBeTruthy();
  });

  it('sends an unbound WeChat to /bind, where name and password sign in and bind', async () => {
    bound = false;
    // Every round with WeChat brings a new code.
    await mount('auth', '/wxapp-auth?code=def&state=s2');
    await until(() => window.location.pathname === '/bind');
    expect(getToken()).toBeFalsy();
    await act(async () => root.unmount());
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await mount('bind', '/bind');
    await until(() => byPlaceholder('账号'));
    expect(document.body.textContent).toContain('该微信尚未绑定账号，请登录后完成绑定');
    await act(async () => button('登录并绑定').click());
    expect([...document.querySelectorAll('[role="alert"]')].map((e) => e.textContent)).toContain('请输入您的账号');
    await type('账号', 'admin');
    await type('密码', 'admin123');
    await act(async () => button('登录并绑定').click());
    await until(() => window.location.pathname === '/msg');
    expect(bodies.bindLogin).toEqual([{ ticket: 'ticket-1', username: 'admin', password: 'admin123' }]);
    expect(getToken()).toBe('tok-bound');
    expect(sessionStorage.length).toBe(0);
  });

  it('says so on /bind without a ticket', async () => {
    await mount('bind', '/bind');
    await until(() => document.body.textContent?.includes('绑定请求无效或已过期，请重新进入'));
  });
});
