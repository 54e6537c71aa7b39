/**
 * 上传文件 and the tenant's upload config (spec 02 §5): the button waits for the config's first
 * answer, so a click on a page just opened cannot skip 选择上传方式 (高拍仪 on) and open the file
 * chooser instead — what the browser test of 高拍仪 met on a busy machine.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UploadControl } from './UploadControl';
import { freshRoot, renderInApp, testQueryClient } from '../../testing/renderInApp';
import { until } from '../../testing/until';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer();
let answer: (() => void) | null = null;
let root: Root;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  // The config is held until the test lets it go.
  server.use(
    http.post('*/api/system/config/configKeys', async () => {
      await new Promise<void>((resolve) => { answer = resolve; });
      return HttpResponse.json({ code: 200, msg: '', data: { 'sys.upload.enable.camera': 'true', 'sys.upload.camera.driver': 'https://example.com/driver.exe' } });
    }),
  );
  root = freshRoot();
});
afterEach(async () => {
  await act(async () => root.unmount());
  server.resetHandlers();
  answer = null;
});

const button = () => [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '').includes('上传文件')) as HTMLButtonElement;

describe('上传文件', () => {
  it('is disabled until the upload config has come, then opens 选择上传方式 when 高拍仪 is on', async () => {
    await renderInApp(root, <UploadControl value={[]} />, { queryClient: testQueryClient() });
    await until(() => answer !== null);
    expect(button().disabled).toBe(true);
    await act(async () => button().click());
    expect(document.body.textContent).not.toContain('选择上传方式');

    await act(async () => answer!());
    await until(() => !button().disabled);
    await act(async () => button().click());
    await until(() => document.body.textContent!.includes('选择上传方式'));
    expect(document.querySelector('a[href="https://example.com/driver.exe"]')).not.toBeNull();
  });
});
