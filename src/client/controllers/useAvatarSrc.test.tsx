import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { layoutFrom } from './loadSession';
import { useAvatarSrc } from './useAvatarSrc';
import { until } from '../testing/until';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer();
let root: Root;
let host: HTMLElement;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  Cookies.set('Admin-Token', 'tok-1');
});
afterEach(() => {
  server.resetHandlers();
  Cookies.remove('Admin-Token');
  vi.restoreAllMocks();
  host.remove();
});

function Shown({ avatar }: { avatar: string }) {
  const src = useAvatarSrc(avatar);
  return src ? <img alt="头像" src={src} /> : <span>无</span>;
}


describe('useAvatarSrc', () => {
  it('fetches a stored avatar with the bearer token and revokes its object URL on unmount', async () => {
    const auth: (string | null)[] = [];
    server.use(
      http.get('/api/common/download', ({ request }) => {
        auth.push(request.headers.get('authorization'));
        expect(new URL(request.url).searchParams.get('fileName')).toBe('2026/11/a.png');
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });
      }),
    );
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:avatar-1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await act(async () => root.render(<Shown avatar="/api/common/download?fileName=2026%2F11%2Fa.png" />));
    await until(() => !!host.querySelector('img'));
    expect(host.querySelector('img')?.getAttribute('src')).toBe('blob:avatar-1');
    expect(auth).toEqual(['Bearer tok-1']);
    expect(create).toHaveBeenCalledTimes(1);
    await act(async () => root.unmount());
    expect(revoke).toHaveBeenCalledWith('blob:avatar-1');
  });

  it('uses another site\'s address as it is, without sending the token anywhere', async () => {
    await act(async () => root.render(<Shown avatar="https://cdn.example/me.png" />));
    expect(host.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/me.png');
    await act(async () => root.unmount());
  });
});

describe('layoutFrom', () => {
  it('moves settings saved under layoutSetting to features once, and prefers features', async () => {
    const calls: string[] = [];
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/user/config/:key/:action', async ({ params, request }) => {
        calls.push(`${params.key}/${params.action}`);
        if (params.action === 'edit') bodies.push(await request.json());
        return HttpResponse.json({ code: 200, msg: '操作成功' });
      }),
    );
    expect(layoutFrom({ layoutSetting: JSON.stringify({ sideTheme: 'theme-light' }) }).sideTheme).toBe('theme-light');
    await until(() => calls.length === 2);
    expect(calls).toEqual(['features/edit', 'layoutSetting/reset']);
    expect(bodies[0]).toMatchObject({ sideTheme: 'theme-light', theme: '#1890ff' });
    calls.length = 0;
    expect(layoutFrom({ features: { theme: '#ff0000' }, layoutSetting: { theme: '#00ff00' } }).theme).toBe('#ff0000');
    expect(layoutFrom({}).theme).toBe('#1890ff');
    // Neither sends anything: a later migration's two calls are the first to arrive (requests
    // start in the order they are sent, so one sent above would have come before them).
    layoutFrom({ layoutSetting: { theme: '#00ff00' } });
    await until(() => calls.length >= 2);
    expect(calls).toEqual(['features/edit', 'layoutSetting/reset']);
  });
});
