/**
 * Rich-text image upload (spec 02 §5, §8): only a JSON answer with a string `url` is accepted;
 * otherwise 'Invalid JSON', and a failed status 'HTTP Error: {status}', shown by the editor.
 */
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { App } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseRichTextUpload, uploadRichTextImage } from '../../api/richTextUpload';
import { LazyRichTextEditor } from './LazyRichTextEditor';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => Cookies.set('Admin-Token', 'tok-rt'));
afterEach(() => {
  server.resetHandlers();
  Cookies.remove('Admin-Token');
});

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });

describe('parseRichTextUpload', () => {
  it('accepts only JSON with a string url', () => {
    expect(parseRichTextUpload(200, '{"url":"/api/common/download?fileName=x"}')).toBe('/api/common/download?fileName=x');
    expect(() => parseRichTextUpload(200, '<html>ok</html>')).toThrow('Invalid JSON');
    expect(() => parseRichTextUpload(200, '{"data":{"url":"x"}}')).toThrow('Invalid JSON');
    expect(() => parseRichTextUpload(200, '{"url":42}')).toThrow('Invalid JSON');
    expect(() => parseRichTextUpload(200, 'null')).toThrow('Invalid JSON');
    expect(() => parseRichTextUpload(413, '{"url":"x"}')).toThrow('HTTP Error: 413');
  });
});

describe('uploadRichTextImage over HTTP', () => {
  it('sends the file with the bearer token and resolves the url', async () => {
    let auth: string | null = null;
    server.use(http.post('/api/common/upload', ({ request }) => {
      auth = request.headers.get('authorization');
      return HttpResponse.json({ code: 200, msg: '操作成功', url: '/api/common/download?fileName=t1%2Fa.png' });
    }));
    await expect(uploadRichTextImage(png(), 'a.png')).resolves.toBe('/api/common/download?fileName=t1%2Fa.png');
    expect(auth).toBe('Bearer tok-rt');
  });

  it('answers the spec errors for a failed status and a non-JSON body', async () => {
    server.use(http.post('/api/common/upload', () => HttpResponse.json({ code: 500, msg: 'x' }, { status: 500 })));
    await expect(uploadRichTextImage(png(), 'a.png')).rejects.toThrow('HTTP Error: 500');
    server.use(http.post('/api/common/upload', () => new HttpResponse('<html>proxy page</html>', { headers: { 'content-type': 'text/html' } })));
    await expect(uploadRichTextImage(png(), 'a.png')).rejects.toThrow('Invalid JSON');
  });
});

describe('the editor shows the upload error', () => {
  let root: Root;
  let host: HTMLElement;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('shows the loading text full-screen, then the toolbar over a 700 px editing area, and both upload errors as messages', async () => {
    server.use(http.post('/api/common/upload', () => new HttpResponse('nope', { status: 502 })));
    act(() => root.render(<App><LazyRichTextEditor value="<p>正文</p>" /></App>));
    // Spec 02 §2.5: a full-screen loading text while the editor's resources load.
    expect(document.querySelector('.ant-spin-fullscreen')?.textContent).toContain('富文本编辑器加载中...');
    await expect.poll(() => host.querySelector('[aria-label="上传图片"]'), { timeout: 20_000 }).not.toBeNull();
    expect(document.querySelector('.ant-spin-fullscreen')).toBeNull();
    expect(host.querySelector('[role="toolbar"]')?.textContent).toContain('撤销');
    // Spec 02 §2.5: default height 700.
    expect((host.querySelector('.fw-rich-text-area') as HTMLElement).style.height).toBe('700px');
    const input = host.querySelector('[aria-label="上传图片"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [png()], configurable: true });
    await act(async () => { input.dispatchEvent(new Event('change', { bubbles: true })); });
    await expect.poll(() => document.body.textContent, { timeout: 10_000 }).toContain('HTTP Error: 502');
    // A 200 answer that is not JSON with a string url.
    server.use(http.post('/api/common/upload', () => HttpResponse.json({ code: 200, data: { url: 'x' } })));
    await act(async () => { input.dispatchEvent(new Event('change', { bubbles: true })); });
    await expect.poll(() => document.body.textContent, { timeout: 10_000 }).toContain('Invalid JSON');
  });

  it('takes another height when a screen gives one', async () => {
    act(() => root.render(<App><LazyRichTextEditor value="" height={320} /></App>));
    await expect.poll(() => host.querySelector('.fw-rich-text-area'), { timeout: 20_000 }).not.toBeNull();
    expect((host.querySelector('.fw-rich-text-area') as HTMLElement).style.height).toBe('320px');
  });
});
