/**
 * Typing the tenant code (issue 32 item 2) against msw answers: when no tenant list is offered
 * (TENANT_LIST_PUBLIC=false answers an empty list), the sign-in and register pages ask for 租户编码
 * and check it with `POST /system/user/tenant/verification`; a refused code shows the server's
 * message as every failed call does and signs nobody in; a verified one signs in or registers in
 * that tenant. With a list, the select stays and nothing is verified.
 */
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import LoginPage from './LoginPage';
import RegisterPage from '../register/RegisterPage';
import { TestFeedbackHost } from '../../feedback/testFeedback';
import { until } from '../../testing/until';
import { removeToken } from '../../session/cookies';
import { configureHttp } from '../../api/httpConfig';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer();
let listed: { tenantId: number; tenantCode: string; tenantName: string }[] = [];
let verified: string[] = [];
let logins: { tenantCode: string }[] = [];
let registered: { tenantCode: string }[] = [];
let optionsOf: string[] = [];
/** What the HTTP client showed as a failed call's notification (spec 02 §8). */
let notified: string[] = [];
let root: Root;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  listed = [];
  verified = [];
  logins = [];
  registered = [];
  optionsOf = [];
  notified = [];
  configureHttp({ feedback: { toast: () => undefined, notify: (msg: string) => void notified.push(msg), confirmRelogin: () => Promise.resolve() } });
  removeToken();
  server.use(
    http.get('*/api/system/tenant/all', () => HttpResponse.json({ code: 200, msg: '', data: listed })),
    http.post('*/api/system/config/configKeys', () => HttpResponse.json({ code: 200, msg: '', data: {} })),
    http.post('*/api/system/user/tenant/verification', async ({ request }) => {
      const { tenantCode } = (await request.json()) as { tenantCode: string };
      verified.push(tenantCode);
      if (tenantCode.trim() !== 'T2') return HttpResponse.json({ code: 400, msg: '租户不存在' });
      return HttpResponse.json({ code: 200, msg: '操作成功', data: { tenantCode: 'T2', tenantName: '宏远建设集团' } });
    }),
    http.post('*/api/login', async ({ request }) => {
      logins.push((await request.json()) as { tenantCode: string });
      return HttpResponse.json({ code: 200, msg: '', token: 'tok-1' });
    }),
    http.get('*/api/register/settings', ({ request }) => {
      optionsOf.push(new URL(request.url).searchParams.get('tenantCode') ?? '');
      return HttpResponse.json({ code: 200, msg: '', data: { enabled: true, smsEnabled: false, approval: false, captcha: true } });
    }),
    http.get('*/api/system/role/options/register', () => HttpResponse.json({ code: 200, msg: '', data: [] })),
    http.get('*/api/system/dept/options/register', () => HttpResponse.json({ code: 200, msg: '', data: [] })),
    http.get('*/api/register/captcha', () => HttpResponse.json({ code: 200, msg: '', data: { uuid: 'cap-1', img: 'data:image/svg+xml;base64,PHN2Zy8+' } })),
    http.post('*/api/register', async ({ request }) => {
      registered.push((await request.json()) as { tenantCode: string });
      return HttpResponse.json({ code: 200, msg: '注册成功' });
    }),
  );
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/login');
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  server.resetHandlers();
});

async function mount(page: 'login' | 'register') {
  await act(async () =>
    root.render(
      <AntdApp>
        <TestFeedbackHost />
        {page === 'login' ? <LoginPage /> : <RegisterPage />}
      </AntdApp>,
    ),
  );
}

const input = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${label}"], input[placeholder="${label}"]`)!;
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''))!;
async function type(label: string, value: string) {
  const box = input(label);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, value);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function blur(label: string) {
  await act(async () => {
    input(label).dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    input(label).dispatchEvent(new FocusEvent('blur'));
  });
}

describe('typed tenant code', () => {
  it('sign-in: asks for 租户编码 when no list is offered; a refused code shows the message and signs nobody in', async () => {
    await mount('login');
    await until(() => input('租户编码'));
    expect(document.querySelector('select[aria-label="租户"]')).toBeNull();
    await type('租户编码', '');
    await type('账号', 'admin');
    await type('密码', 'secret1');
    await act(async () => button('登 录').click());
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('请输入租户编码');

    await type('租户编码', 'NOPE');
    await blur('租户编码');
    await until(() => notified.includes('租户不存在'));
    expect(verified).toEqual(['NOPE']);
    expect(input('租户编码').closest('.ant-input-status-error, .ant-input-affix-wrapper-status-error')).not.toBeNull();
    await act(async () => button('登 录').click());
    await until(() => verified.length === 2);
    expect(logins).toEqual([]);

    await type('租户编码', ' T2 ');
    await blur('租户编码');
    await until(() => document.body.textContent?.includes('宏远建设集团'));
    await act(async () => button('登 录').click());
    await until(() => logins.length === 1);
    expect(logins[0].tenantCode).toBe('T2');
    // The blur's verification served the submit too.
    expect(verified).toEqual(['NOPE', 'NOPE', 'T2']);
  });

  it('sign-in: with a tenant list, the select stays and nothing is verified', async () => {
    listed = [{ tenantId: 1, tenantCode: 'DEFAULT', tenantName: '华建工程有限公司' }];
    await mount('login');
    await until(() => document.querySelector('select[aria-label="租户"] option[value="DEFAULT"]')?.textContent === '华建工程有限公司');
    expect(input('租户编码')).toBeNull();
    await type('账号', 'admin');
    await type('密码', 'secret1');
    await act(async () => button('登 录').click());
    await until(() => logins.length === 1);
    expect(verified).toEqual([]);
  });

  it('register: the typed code is verified and the registration goes to that tenant', async () => {
    window.history.replaceState(null, '', '/register');
    await mount('register');
    await until(() => input('租户编码'));
    await type('租户编码', 'NOPE');
    await blur('租户编码');
    await until(() => notified.includes('租户不存在'));
    await type('租户编码', 'T2');
    await blur('租户编码');
    await until(() => optionsOf.includes('T2'));
    await until(() => input('验证码'));
    await type('账号', 'reg1');
    await type('密码', 'Abcdef123');
    await type('确认密码', 'Abcdef123');
    await type('验证码', 'ab12');
    await act(async () => button('注 册').click());
    await until(() => registered.length === 1);
    expect(registered[0].tenantCode).toBe('T2');
  });
});
