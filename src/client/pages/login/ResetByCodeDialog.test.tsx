/** 忘记密码 against msw answers: the code goes to withCheck, a mismatch is caught, the reset closes with the server's message. */
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ResetByCodeDialog from './ResetByCodeDialog';
import { TestFeedbackHost } from '../../feedback/testFeedback';
import { until } from '../../testing/until';
import { configureHttp } from '../../api/httpConfig';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer();
let sent: unknown[] = [];
let resets: unknown[] = [];
let closed = 0;
let notices: string[] = [];
let root: Root;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // The error notification the shell shows for a refused call (spec 02 §8).
  configureHttp({ feedback: { toast: (m) => notices.push(m), notify: (m) => notices.push(m), confirmRelogin: () => Promise.resolve() } });
});
afterAll(() => server.close());
beforeEach(async () => {
  sent = [];
  resets = [];
  closed = 0;
  notices = [];
  server.use(
    http.post('*/api/common/sms/send/withCheck', async ({ request }) => {
      const body = (await request.json()) as { phonenumber: string };
      if (body.phonenumber === '13900000099') return HttpResponse.json({ code: 400, msg: '该手机号未绑定账号' }, { status: 400 });
      sent.push(body);
      return HttpResponse.json({ code: 200, msg: '验证码已发送' });
    }),
    http.post('*/api/system/user/password/resetWithVerifyCode', async ({ request }) => {
      resets.push(await request.json());
      return HttpResponse.json({ code: 200, msg: '密码重置成功' });
    }),
  );
  document.body.innerHTML = '';
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <AntdApp>
        <TestFeedbackHost />
        <ResetByCodeDialog tenantCode="T2" onClose={() => closed++} />
      </AntdApp>,
    ),
  );
});
afterEach(async () => {
  await act(async () => root.unmount());
  server.resetHandlers();
});

const box = (p: string) => document.querySelector<HTMLInputElement>(`input[placeholder="${p}"]`)!;
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text)!;
async function type(p: string, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box(p), value);
    box(p).dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('reset password by SMS code', () => {
  it('shows the server refusal for a number without an account and sends nothing', async () => {
    await until(() => box('手机号码'));
    await type('手机号码', '13900000099');
    await act(async () => button('获取验证码').click());
    await until(() => notices.includes('该手机号未绑定账号'));
    expect(sent).toEqual([]);
    expect(button('获取验证码').disabled).toBe(false);
  });

  it('sends the code to the tenant, checks the new password twice, resets and closes', async () => {
    await until(() => box('手机号码'));
    await type('手机号码', '13800000003');
    await act(async () => button('获取验证码').click());
    await until(() => sent.length === 1);
    expect(sent[0]).toEqual({ tenantCode: 'T2', phonenumber: '13800000003' });
    await type('短信验证码', '654321');
    await type('新密码', 'Newpass123');
    await type('确认新密码', 'Newpass12');
    await act(async () => button('重置密码').click());
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('两次输入的密码不一致');
    await type('确认新密码', 'Newpass123');
    await act(async () => button('重置密码').click());
    await until(() => closed === 1);
    expect(resets).toEqual([{ tenantCode: 'T2', phonenumber: '13800000003', code: '654321', password: 'Newpass123' }]);
    await until(() => document.body.textContent?.includes('密码重置成功'));
  });
});
