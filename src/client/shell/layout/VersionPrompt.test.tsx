import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { VersionPrompt } from './VersionPrompt';
import { TestFeedbackHost } from '../../feedback/testFeedback';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer();
let served = '/assets/index-OLD.js';
let fetches = 0;
let root: Root;
let hidden = false;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  fetches = 0;
  served = '/assets/index-OLD.js';
  hidden = false;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  server.use(
    http.get('*/', () => {
      fetches++;
      return new HttpResponse(`<html><script type="module" crossorigin src="${served}"></script></html>`, { headers: { 'content-type': 'text/html' } });
    }),
  );
  document.body.innerHTML = '';
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  // Inserted as markup, the script is not loaded (as in a browser for innerHTML scripts).
  document.head.insertAdjacentHTML('beforeend', '<script type="module" src="/assets/index-OLD.js"></script>');
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <AntdApp>
        <TestFeedbackHost />
        <VersionPrompt />
      </AntdApp>,
    ),
  );
});
afterEach(async () => {
  await act(async () => root.unmount());
  vi.useRealTimers();
  server.resetHandlers();
});

async function tick(ms: number): Promise<void> {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
  for (let i = 0; i < 10; i++) await act(async () => new Promise((r) => setTimeout(r, 10)));
}

describe('version prompt', () => {
  it('checks every 3 minutes and offers the upgrade once when the served script changed', async () => {
    await tick(179_000);
    expect(fetches).toBe(0);
    await tick(1_000);
    expect(fetches).toBe(1);
    expect(document.body.textContent).not.toContain('发现新版本');
    served = '/assets/index-NEW.js';
    await tick(180_000);
    expect(document.querySelectorAll('.ant-modal-confirm').length).toBe(1);
    expect(document.body.textContent).toContain('发现新版本');
    expect(document.body.textContent).toContain('立即升级');
    expect(document.body.textContent).toContain('稍后提醒');
    await tick(180_000);
    expect(document.querySelectorAll('.ant-modal-confirm').length).toBe(1);
  });

  it('does not check while the page is hidden', async () => {
    hidden = true;
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await tick(360_000);
    expect(fetches).toBe(0);
    hidden = false;
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await tick(180_000);
    expect(fetches).toBe(1);
  });
});
