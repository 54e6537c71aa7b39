/**
 * The anonymous form page against msw answers: a closed form's message, the page's own required
 * check (nothing sent), a refusal shown with a fresh captcha, and the success page with only the
 * filled values sent.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { Route } from 'wouter';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import AnonymousFormPage from './AnonymousFormPage';
import { freshRoot, renderInApp } from '../../testing/renderInApp';
import { until } from '../../testing/until';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer();
const FIELDS = [
  { enName: 'xm', label: '姓名', funcType: 'input', required: true, maxLength: 50 },
  { enName: 'bz', label: '备注', funcType: 'textarea', required: false },
];
let open = true;
let captchas = 0;
let sent: { url: string; body: unknown }[] = [];
let answer: { status: number; body: { code: number; msg: string } } = { status: 200, body: { code: 200, msg: '提交成功' } };
let root: Root;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  open = true;
  captchas = 0;
  sent = [];
  answer = { status: 200, body: { code: 200, msg: '提交成功' } };
  server.use(
    http.get('*/api/auto/auto_ryxx/anonymous', () =>
      open
        ? HttpResponse.json({ code: 200, msg: '', data: { enName: 'auto_ryxx', cnName: '人员信息', tenantName: '华建工程有限公司', fields: FIELDS } })
        : HttpResponse.json({ code: 404, msg: '表单不存在或未开放匿名填写' }, { status: 404 }),
    ),
    http.get('*/api/auto/auto_ryxx/anonymous/captcha', () => {
      captchas++;
      return HttpResponse.json({ code: 200, msg: '', data: { uuid: `u${captchas}`, img: 'data:image/svg+xml;base64,PHN2Zy8+' } });
    }),
    http.post('*/api/auto/auto_ryxx/anonymous', async ({ request }) => {
      sent.push({ url: request.url, body: await request.json() });
      return HttpResponse.json(answer.body, { status: answer.status });
    }),
  );
  window.history.replaceState(null, '', '/portal/form/auto_ryxx?tenantCode=DEFAULT');
  root = freshRoot();
});
afterEach(async () => {
  await act(async () => root.unmount());
  server.resetHandlers();
});

async function mount() {
  await renderInApp(
    root,
    <Route path="/portal/form/:enName">
      <AnonymousFormPage />
    </Route>,
  );
}

const input = (selector: string) => document.querySelector<HTMLInputElement>(selector)!;
const submitButton = () => [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '提交')!;

async function type(selector: string, value: string) {
  const box = input(selector);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, value);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('anonymous form page', () => {
  it('says so when the form is not open', async () => {
    open = false;
    await mount();
    await until(() => document.body.textContent?.includes('表单不存在或未开放匿名填写'));
    expect(input('#xm')).toBeNull();
  });

  it('checks required fields itself, shows a refusal with a new captcha, then the success page', async () => {
    await mount();
    await until(() => input('#xm') && captchas === 1);
    await act(async () => submitButton().click());
    await until(() => document.body.textContent?.includes('姓名不能为空'));
    expect(sent).toEqual([]);

    await type('#xm', '张三');
    await type('input[placeholder="验证码"]', 'abcd');
    answer = { status: 400, body: { code: 400, msg: '验证码错误' } };
    await act(async () => submitButton().click());
    await until(() => document.body.textContent?.includes('验证码错误'));
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0].url).searchParams.get('tenantCode')).toBe('DEFAULT');
    expect(sent[0].body).toEqual({ data: { xm: '张三' }, code: 'abcd', uuid: 'u1' });
    await until(() => captchas === 2);

    answer = { status: 200, body: { code: 200, msg: '提交成功' } };
    await type('input[placeholder="验证码"]', 'efgh');
    await act(async () => submitButton().click());
    await until(() => document.body.textContent?.includes('感谢填写「人员信息」'));
    expect(sent[1].body).toEqual({ data: { xm: '张三' }, code: 'efgh', uuid: 'u2' });
  });
});
