/**
 * The /register page against msw answers: what a visitor sees for a closed tenant and for SMS off,
 * the 60 s countdown after a code is sent, the page's own checks, and the success tip; where the
 * tenant turned SMS off, a captcha in place of the number and the SMS code (a new one after a refusal).
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import RegisterPage from './RegisterPage';
import { freshRoot, renderInApp } from '../../testing/renderInApp';
import { until } from '../../testing/until';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer();
let settings = { enabled: true, smsEnabled: true, approval: true, captcha: false };
let sent: unknown[] = [];
let registered: unknown[] = [];
let captchas = 0;
let refuseRegister = false;
let root: Root;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  settings = { enabled: true, smsEnabled: true, approval: true, captcha: false };
  sent = [];
  registered = [];
  captchas = 0;
  refuseRegister = false;
  server.use(
    http.get('*/api/system/tenant/all', () => HttpResponse.json({ code: 200, msg: '', data: [{ tenantId: 1, tenantCode: 'DEFAULT', tenantName: '华建工程有限公司' }] })),
    http.get('*/api/register/settings', () => HttpResponse.json({ code: 200, msg: '', data: settings })),
    http.get('*/api/system/role/options/register', () => HttpResponse.json({ code: 200, msg: '', data: [{ roleId: 2, roleName: '普通员工' }] })),
    http.get('*/api/system/dept/options/register', () => HttpResponse.json({ code: 200, msg: '', data: [{ id: 7, label: '物资设备部' }] })),
    http.post('*/api/common/sms/send', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ code: 200, msg: '验证码已发送' });
    }),
    http.get('*/api/register/captcha', () => {
      captchas += 1;
      return HttpResponse.json({ code: 200, msg: '', data: { uuid: `cap-${captchas}`, img: 'data:image/svg+xml;base64,PHN2Zy8+' } });
    }),
    http.post('*/api/register', async ({ request }) => {
      registered.push(await request.json());
      if (refuseRegister) return HttpResponse.json({ code: 400, msg: '验证码错误' });
      return HttpResponse.json({ code: 200, msg: '注册成功，请等待管理员审核', pending: true });
    }),
  );
  root = freshRoot();
});
afterEach(async () => {
  await act(async () => root.unmount());
  server.resetHandlers();
});

async function mount() {
  await renderInApp(root, <RegisterPage />);
}

const byPlaceholder = (p: string) => document.querySelector<HTMLInputElement>(`input[placeholder="${p}"]`)!;
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''))!;

async function type(p: string, value: string) {
  const box = byPlaceholder(p);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, value);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function choose(label: string, value: string) {
  const select = document.querySelector<HTMLSelectElement>(`select[aria-label="${label}"]`)!;
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('register page', () => {
  it('says so when the tenant has not opened registration', async () => {
    settings = { enabled: false, smsEnabled: true, approval: false, captcha: false };
    await mount();
    await until(() => document.body.textContent?.includes('当前租户未开放注册'));
    expect(byPlaceholder('账号')).toBeNull();
  });

  it('says so when SMS is not enabled', async () => {
    settings = { enabled: true, smsEnabled: false, approval: false, captcha: false };
    await mount();
    await until(() => document.body.textContent?.includes('短信服务未开启，暂时无法注册'));
  });

  it('asks for a captcha instead of a number where the tenant turned SMS off, and a new one after a refusal', async () => {
    settings = { enabled: true, smsEnabled: false, approval: false, captcha: true };
    refuseRegister = true;
    await mount();
    await until(() => document.querySelector('img[alt="验证码"]'));
    expect(byPlaceholder('手机号码')).toBeNull();
    expect(byPlaceholder('短信验证码')).toBeNull();
    expect(document.body.textContent).not.toContain('短信服务未开启');
    await type('账号', 'capreg1');
    await type('密码', 'Abcdef123');
    await type('确认密码', 'Abcdef123');
    await choose('角色', '2');
    await choose('部门', '7');
    await act(async () => button('注 册').click());
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('请输入验证码');
    await type('验证码', 'ab12');
    await act(async () => button('注 册').click());
    await until(() => registered.length === 1);
    expect(registered[0]).toEqual({ tenantCode: 'DEFAULT', username: 'capreg1', password: 'Abcdef123', uuid: 'cap-1', code: 'ab12', roleId: 2, deptId: 7 });
    // A refused answer spent the captcha: a new one, and the answer box is empty again.
    await until(() => captchas === 2 && byPlaceholder('验证码').value === '');
    refuseRegister = false;
    await type('验证码', 'cd34');
    await act(async () => button('注 册').click());
    await until(() => document.body.textContent?.includes('注册成功，请等待管理员审核'));
    expect(registered[1]).toMatchObject({ uuid: 'cap-2', code: 'cd34' });
  });

  it('sends a code, counts down, checks the form, and shows the tenant success tip', async () => {
    await mount();
    await until(() => byPlaceholder('手机号码'));
    await act(async () => button('获取验证码').click());
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('请输入正确的手机号码');
    await type('手机号码', '13600000001');
    await act(async () => button('获取验证码').click());
    await until(() => sent.length === 1);
    expect(sent[0]).toEqual({ tenantCode: 'DEFAULT', phonenumber: '13600000001' });
    await until(() => [...document.querySelectorAll('button')].some((b) => /^\d+秒后重新获取$/.test(b.textContent ?? '')));

    await type('账号', 'selfreg1');
    await type('密码', 'Abcdef123');
    await type('确认密码', 'Abcdef12');
    await type('短信验证码', '123456');
    await act(async () => button('注 册').click());
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('两次输入的密码不一致');
    await type('确认密码', 'Abcdef123');
    await act(async () => button('注 册').click());
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('请选择角色');
    await choose('角色', '2');
    await choose('部门', '7');
    await act(async () => button('注 册').click());
    await until(() => document.body.textContent?.includes('注册成功，请等待管理员审核'));
    expect(registered[0]).toMatchObject({ tenantCode: 'DEFAULT', username: 'selfreg1', phonenumber: '13600000001', code: '123456', roleId: 2, deptId: 7 });
    expect(button('返回登录')).toBeTruthy();
  });
});
