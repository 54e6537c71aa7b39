import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { VersionPrompt } from './VersionPrompt';
import { TestFeedbackHost } from '../../feedback/testFeedback';
import { until } from '../../testing/until';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer();
let served = '/assets/index-OLD.js';
/** The checks sent: a check calls fetch before its first await, so this counts at once what a tick started. */
let checks: MockInstance<typeof fetch>;
let root: Root;
let hidden = false;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  served = '/assets/index-OLD.js';
  hidden = false;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  server.use(
    http.get('*/', () => {
      return new HttpResponse(`<html><script type="module" crossorigin src="${served}"></script></html>`, { headers: { 'content-type': 'text/html' } });
    }),
  );
  document.body.innerHTML = '';
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  // Inserted as markup, the script is not loaded (as in a browser for innerHTML scripts).
  document.head.insertAdjacentHTML('beforeend', '<script type="module" src="/assets/index-OLD.js"></script>');
  checks = vi.spyOn(globalThis, 'fetch');
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
  checks.mockRestore();
  server.resetHandlers();
});

/** Moves the 3-minute clock on; what a check does with its answer is waited for where it shows. */
async function tick(ms: number): Promise<void> {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

const offers = () => document.querySelectorAll('.ant-modal-confirm').length;

describe('version prompt', () => {
  it('checks every 3 minutes and offers the upgrade once when the served script changed', async () => {
    await tick(179_000);
    expect(checks).toHaveBeenCalledTimes(0);
    await tick(1_000);
    expect(checks).toHaveBeenCalledTimes(1);
    // The first answer (the same script) is read before the next check: nothing is offered.
    const first = (await act(async () => checks.mock.results[0].value)) as Response;
    await until(() => first.bodyUsed);
    await act(async () => undefined);
    expect(document.body.textContent).not.toContain('发现新版本');
    served = '/assets/index-NEW.js';
    await tick(180_000);
    // A check was sent, so nothing was on offer after the first answer.
    expect(checks).toHaveBeenCalledTimes(2);
    await until(() => offers() > 0);
    expect(offers()).toBe(1);
    expect(document.body.textContent).toContain('发现新版本');
    expect(document.body.textContent).toContain('立即升级');
    expect(document.body.textContent).toContain('稍后提醒');
    await tick(180_000);
    // While the offer is open no check is sent: it is offered once.
    expect(checks).toHaveBeenCalledTimes(2);
    expect(offers()).toBe(1);
  });

  it('does not check while the page is hidden', async () => {
    hidden = true;
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await tick(360_000);
    expect(checks).toHaveBeenCalledTimes(0);
    hidden = false;
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await tick(180_000);
    expect(checks).toHaveBeenCalledTimes(1);
  });
});
