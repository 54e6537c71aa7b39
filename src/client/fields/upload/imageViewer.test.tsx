import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useImageViewer, VIEWER_MASK_KEY, VIEWER_PRINT_TEXT } from './imageViewer';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
let props: ReturnType<typeof useImageViewer>;
const zoom = { onZoomIn: vi.fn(), onZoomOut: vi.fn() };

function Harness(p: { current: number; total: number; loop: boolean; onCurrent(i: number): void }) {
  props = useImageViewer({ open: true, ...p });
  const info = { actions: zoom, image: { url: 'data:image/png;base64,AA==', alt: '现场.png' } } as unknown as Parameters<NonNullable<typeof props.toolbarRender>>[1];
  return <div data-root={props.rootClassName}>{props.toolbarRender?.(<span />, info) as ReactNode}</div>;
}

async function mount(p: { current: number; total: number; loop: boolean; onCurrent(i: number): void }) {
  await act(async () => root.render(<Harness {...p} />));
}
const key = (k: string) => act(async () => { window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })); });
const click = (label: string) => act(async () => { (host.querySelector(`[aria-label="${label}"]`) as HTMLElement).click(); });

beforeEach(() => {
  localStorage.clear();
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  zoom.onZoomIn.mockReset();
  zoom.onZoomOut.mockReset();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.useRealTimers();
});

describe('image viewer (spec 02 §2.5; issue 27 item 10)', () => {
  it('spec constants: z-index 2000, zoom step 0.2, minimum 0.2, counter n / total', async () => {
    await mount({ current: 0, total: 3, loop: true, onCurrent: vi.fn() });
    expect(props).toMatchObject({ zIndex: 2000, scaleStep: 0.2, minScale: 0.2 });
    expect(props.countRender?.(2, 3)).toBe('2 / 3');
  });

  it('Space toggles fit / original size; Up / Down zoom', async () => {
    await mount({ current: 0, total: 3, loop: true, onCurrent: vi.fn() });
    expect(host.querySelector('[data-root]')?.getAttribute('data-root')).not.toContain('original');
    await key(' ');
    expect(host.querySelector('[data-root]')?.getAttribute('data-root')).toContain('fw-image-viewer-original');
    expect(host.querySelector('[aria-label="适应窗口"]')).not.toBeNull();
    await key(' ');
    expect(host.querySelector('[aria-label="原始大小"]')).not.toBeNull();
    await key('ArrowUp');
    await key('ArrowDown');
    expect(zoom.onZoomIn).toHaveBeenCalledTimes(1);
    expect(zoom.onZoomOut).toHaveBeenCalledTimes(1);
  });

  it('Left / Right loop past the ends unless sys.preview.img.loop is false', async () => {
    const onCurrent = vi.fn();
    await mount({ current: 2, total: 3, loop: true, onCurrent });
    await key('ArrowRight');
    expect(onCurrent).toHaveBeenLastCalledWith(0);
    await mount({ current: 0, total: 3, loop: true, onCurrent });
    await key('ArrowLeft');
    expect(onCurrent).toHaveBeenLastCalledWith(2);
    onCurrent.mockReset();
    await mount({ current: 2, total: 3, loop: false, onCurrent });
    await key('ArrowRight');
    expect(onCurrent).not.toHaveBeenCalled();
  });

  it('the mask toggle is remembered in localStorage', async () => {
    await mount({ current: 0, total: 1, loop: true, onCurrent: vi.fn() });
    await click('关闭遮罩');
    expect(localStorage.getItem(VIEWER_MASK_KEY)).toBe('off');
    expect(host.querySelector('[data-root]')?.getAttribute('data-root')).toContain('fw-image-viewer-nomask');
    await act(async () => root.unmount());
    root = createRoot(host);
    await mount({ current: 0, total: 1, loop: true, onCurrent: vi.fn() });
    expect(host.querySelector('[data-root]')?.getAttribute('data-root')).toContain('fw-image-viewer-nomask');
    await click('打开遮罩');
    expect(localStorage.getItem(VIEWER_MASK_KEY)).toBe('on');
  });

  it('打印 shows the loading text and prints after 1,500 ms', async () => {
    vi.useFakeTimers();
    const print = vi.fn();
    await mount({ current: 0, total: 1, loop: true, onCurrent: vi.fn() });
    await click('打印');
    expect(host.textContent).toContain(VIEWER_PRINT_TEXT);
    const frame = document.querySelector('iframe') as HTMLIFrameElement;
    Object.defineProperty(frame.contentWindow as Window, 'print', { value: print });
    await act(async () => { await vi.advanceTimersByTimeAsync(1499); });
    expect(print).not.toHaveBeenCalled();
    await act(async () => { await vi.advanceTimersByTimeAsync(1); });
    expect(print).toHaveBeenCalledTimes(1);
    expect(host.textContent).not.toContain(VIEWER_PRINT_TEXT);
  });
});
