/**
 * The settings panel's WeChat actions (spec 02 §2.4, issue 32 item 4) against msw answers: a user
 * with an openId gets 解绑微信; one without gets 绑定微信 only when WeChat sign-in is configured, and
 * it starts the OAuth flow (authorize with the tenant and this page, then off to the provider).
 */
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsPanel } from './SettingsPanel';
import { TestFeedbackHost } from '../../feedback/testFeedback';
import { until } from '../../testing/until';
import { sessionStore } from '../../session/sessionStore';
import { settingsStore } from '../../session/settingsStore';
import { setTenantCode } from '../../session/cookies';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer();
let enabled = true;
let configAsked = 0;
const authorized: unknown[] = [];
let root: Root;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  enabled = true;
  configAsked = 0;
  authorized.length = 0;
  server.use(
    http.get('*/api/wxapp/config', () => {
      configAsked++;
      return HttpResponse.json({ code: 200, msg: '', data: { enabled, provider: enabled ? 'work' : null } });
    }),
    http.post('*/api/wxapp/authorize', async ({ request }) => {
      authorized.push(await request.json());
      return HttpResponse.json({ code: 200, msg: '', data: { authorizeUrl: 'https://open.example/connect/oauth2/authorize?state=s9#wechat_redirect' } });
    }),
  );
  document.body.innerHTML = '';
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  await act(async () => settingsStore.set({ showSettings: false }));
  server.resetHandlers();
  vi.restoreAllMocks();
});

async function mount(hasOpenId: boolean) {
  sessionStore.set({ ready: true, user: { userId: 5, userName: 'staff', nickName: '员工', deptId: 1, roleNames: [], hasOpenId } as never });
  settingsStore.set({ showSettings: true });
  await act(async () =>
    root.render(
      <ConfigProvider locale={zhCN}>
        <AntdApp>
          <TestFeedbackHost />
          <SettingsPanel />
        </AntdApp>
      </ConfigProvider>,
    ),
  );
}

const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text);

describe('settings panel: WeChat binding', () => {
  it('offers 绑定微信 without an openId when WeChat is configured, and starts the OAuth flow from this page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/msg?tab=2');
    setTenantCode('T2');
    await mount(false);
    await until(() => !!button('绑定微信'));
    expect(button('解绑微信')).toBeUndefined();
    await act(async () => button('绑定微信')!.click());
    await until(() => assign.mock.calls.length === 1);
    expect(authorized).toEqual([{ tenantCode: 'T2', redirect: '/msg?tab=2', bind: true }]);
    expect(assign).toHaveBeenCalledWith('https://open.example/connect/oauth2/authorize?state=s9#wechat_redirect');
  });

  it('offers no binding when WeChat sign-in is not configured', async () => {
    enabled = false;
    await mount(false);
    await until(() => configAsked === 1);
    await until(() => !!button('重置配置'));
    expect(button('绑定微信')).toBeUndefined();
    expect(button('解绑微信')).toBeUndefined();
  });

  it('offers 解绑微信, not 绑定微信, to a user with an openId (without asking the config)', async () => {
    await mount(true);
    await until(() => !!button('解绑微信'));
    expect(button('绑定微信')).toBeUndefined();
    expect(configAsked).toBe(0);
  });
});
