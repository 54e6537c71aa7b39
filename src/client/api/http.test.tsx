import { App as AntdApp } from 'antd';
import Cookies from 'js-cookie';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackBridge } from '../shell/FeedbackBridge';
import { get, post, request, resetReloginPrompt, HttpError } from './http';
import { configureHttp } from './httpConfig';
import { until } from '../testing/until';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer();
let root: Root;
let host: HTMLElement;
const onRelogin = vi.fn();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  document.body.innerHTML = '';
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => {
    root.render(
      <AntdApp>
        <FeedbackBridge onRelogin={onRelogin} />
      </AntdApp>,
    );
  });
  resetReloginPrompt();
  onRelogin.mockReset();
});
afterEach(async () => {
  server.resetHandlers();
  Cookies.remove('Admin-Token');
  await act(async () => root.unmount());
  vi.useRealTimers();
});

/** Wait until antd has rendered something containing `text` (its portals mount asynchronously). */
async function shown(text: string): Promise<number> {
  // A deadline, not 50 tries of 20 ms: a second in all, which a loaded machine can take to render.
  return until(() => countText(text));
}
function countText(text: string): number {
  return document.body.innerHTML.split(text).length - 1;
}
async function rejection(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p;
  } catch (e) {
    return e as HttpError;
  }
  throw new Error('expected the call to fail');
}

describe('HTTP client requests', () => {
  it('prefixes /api, sends the bearer token and serialises GET params as key[sub], trimmed, empties dropped', async () => {
    Cookies.set('Admin-Token', 'tok-1');
    let seen = { url: '', auth: '' };
    server.use(
      http.get('*/api/system/user/list', ({ request }) => {
        seen = { url: request.url, auth: request.headers.get('authorization') ?? '' };
        return HttpResponse.json({ code: 200, msg: '查询成功', rows: [], total: 0 });
      }),
    );
    await get('/system/user/list', { userName: '  张三 ', phone: '', status: undefined, params: { beginTime: '2024-01-01', endTime: '' } });
    const url = new URL(seen.url);
    expect(url.pathname).toBe('/api/system/user/list');
    expect([...url.searchParams.entries()]).toEqual([
      ['userName', '张三'],
      ['params[beginTime]', '2024-01-01'],
    ]);
    expect(seen.auth).toBe('Bearer tok-1');
  });

  it('leaves /xhsd paths unprefixed and omits the token when isToken is false', async () => {
    Cookies.set('Admin-Token', 'tok-2');
    let auth: string | null = 'unset';
    server.use(
      http.get('*/xhsd/ping', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ code: 200, msg: '操作成功', data: 1 });
      }),
    );
    await request({ url: '/xhsd/ping', isToken: false });
    expect(auth).toBeNull();
  });
});

describe('HTTP client error catalogue', () => {
  it('shows the re-login confirm box once for several 401 answers, and logs out on confirm', async () => {
    Cookies.set('Admin-Token', 'expired');
    server.use(http.get('*/api/getInfo', () => HttpResponse.json({ code: 401, msg: '认证失败，无法访问系统资源' }, { status: 401 })));
    const errors = await Promise.all([rejection(get('/getInfo')), rejection(get('/getInfo')), rejection(get('/getInfo'))]);
    expect(errors.map((e) => e.code)).toEqual([401, 401, 401]);
    expect(await shown('登录状态已过期，请重新登录')).toBe(1);
    expect(document.querySelectorAll('.ant-modal-confirm').length).toBe(1);
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('系统提示');
    const buttons = [...document.querySelectorAll('.ant-modal-confirm button')] as HTMLButtonElement[];
    expect(buttons.map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['重新登录']);
    await act(async () => buttons[0].click());
    await until(() => onRelogin.mock.calls.length > 0);
    expect(onRelogin).toHaveBeenCalledTimes(1);
  });

  it('shows an error toast with the message for code 500', async () => {
    server.use(http.post('*/api/system/user', () => HttpResponse.json({ code: 500, msg: '保存失败了' }, { status: 500 })));
    const error = await rejection(post('/system/user', { userName: 'x' }));
    expect(error.code).toBe(500);
    expect(await shown('保存失败了')).toBe(1);
    expect(document.querySelector('.ant-message-error')?.textContent).toContain('保存失败了');
  });

  it('shows a notification titled with the message for other codes, falling back to the default texts', async () => {
    server.use(
      http.get('*/api/a', () => HttpResponse.json({ code: 403, msg: '当前操作没有权限' }, { status: 403 })),
      http.get('*/api/b', () => HttpResponse.json({ code: 404 }, { status: 404 })),
      http.get('*/api/c', () => HttpResponse.json({ code: 418 }, { status: 418 })),
    );
    await rejection(get('/a'));
    expect(await shown('当前操作没有权限')).toBe(1);
    expect(document.querySelector('.ant-notification-notice-error')).not.toBeNull();
    await rejection(get('/b'));
    expect(await shown('访问资源不存在')).toBe(1);
    await rejection(get('/c'));
    expect(await shown('系统未知错误，请反馈给管理员')).toBe(1);
  });

  it('reports an HTTP status error that carries no envelope', async () => {
    server.use(http.get('*/api/gateway', () => new HttpResponse('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })));
    const error = await rejection(get('/gateway'));
    expect(error.message).toBe('系统接口502异常');
    expect(await shown('系统接口502异常')).toBe(1);
  });

  it('reports a network failure once, then again only after 6 seconds', async () => {
    const toast = vi.fn();
    configureHttp({ feedback: { toast, notify: vi.fn(), confirmRelogin: () => Promise.resolve() } });
    server.use(http.get('*/api/down', () => HttpResponse.error()));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    await rejection(get('/down'));
    vi.setSystemTime(new Date('2026-01-01T00:00:05Z'));
    await rejection(get('/down'));
    expect(toast.mock.calls).toEqual([['您的当前网络不稳定，请关注', 5]]);
    vi.setSystemTime(new Date('2026-01-01T00:00:07Z'));
    await rejection(get('/down'));
    expect(toast).toHaveBeenCalledTimes(2);
  });

  it('reports a timeout for 5 seconds', async () => {
    const toast = vi.fn();
    configureHttp({ feedback: { toast, notify: vi.fn(), confirmRelogin: () => Promise.resolve() } });
    server.use(
      http.get('*/api/slow', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const error = await rejection(request({ url: '/slow', timeout: 20 }));
    expect(error.message).toBe('系统接口请求超时');
    expect(toast).toHaveBeenCalledWith('系统接口请求超时', 5);
  });

  it('stays quiet for a silent call that fails, but still raises the re-login prompt on 401', async () => {
    const toast = vi.fn();
    const notify = vi.fn();
    const confirmRelogin = vi.fn(() => Promise.resolve());
    configureHttp({ feedback: { toast, notify, confirmRelogin } });
    server.use(
      http.post('*/api/auto/demo/list', () => HttpResponse.json({ code: 500, msg: '列表查询失败' }, { status: 500 })),
      http.post('*/api/auto/search/suggestion', () => HttpResponse.error()),
      http.post('*/api/auto/other/list', () => HttpResponse.json({ code: 401, msg: '认证失败，无法访问系统资源' }, { status: 401 })),
    );
    expect((await rejection(post('/auto/demo/list', {}, { silent: true }))).code).toBe(500);
    expect((await rejection(post('/auto/search/suggestion', {}, { silent: true }))).code).toBe(0);
    expect(toast).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
    Cookies.set('Admin-Token', 'expired');
    await rejection(post('/auto/other/list', {}, { silent: true }));
    expect(confirmRelogin).toHaveBeenCalledTimes(1);
  });
});
