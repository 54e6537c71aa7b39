/**
 * The image viewer's behaviour beyond antd's preview (spec 02 §2.5): print (after 1,500 ms with a
 * loading text, so the image is in the print frame first), the backdrop mask toggle remembered in
 * localStorage, Space to switch fit / original size, Up / Down to zoom, Left / Right looping past
 * the ends unless `sys.preview.img.loop` is 'false'; z-index 2000, zoom step 0.2, minimum 0.2.
 * antd already gives Esc, Left / Right inside the list, wheel zoom, rotate and drag.
 */
import { BorderOutlined, CompressOutlined, ExpandOutlined, LoadingOutlined, PrinterOutlined } from '@ant-design/icons';
import type { Image } from 'antd';
import type { ComponentProps } from 'react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import './imageViewer.css';

/** Spec 02 §2.5. */
export const VIEWER_PRINT_DELAY_MS = 1500;
export const VIEWER_PRINT_TEXT = '正在加载打印内容…';
export const VIEWER_MASK_KEY = 'fw.viewer.mask';
const Z_INDEX = 2000;
const SCALE_STEP = 0.2;
const MIN_SCALE = 0.2;

type PreviewConfig = Exclude<NonNullable<ComponentProps<typeof Image.PreviewGroup>['preview']>, boolean>;

function readMask(): boolean {
  try {
    return localStorage.getItem(VIEWER_MASK_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Print one image through a hidden frame, after the delay that lets it load. */
function printImage(src: string, name: string, done: () => void): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0';
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  if (doc) {
    const img = doc.createElement('img');
    img.src = src;
    img.alt = name;
    img.style.cssText = 'max-width:100%;max-height:100vh;display:block;margin:0 auto';
    doc.body.style.margin = '0';
    doc.body.appendChild(img);
  }
  setTimeout(() => {
    try {
      frame.contentWindow?.print();
    } finally {
      done();
      // The print dialog blocks until closed in most browsers; remove the frame afterwards.
      setTimeout(() => frame.remove(), 1000);
    }
  }, VIEWER_PRINT_DELAY_MS);
}

/**
 * Preview props for an `Image.PreviewGroup` of `total` images whose shown index is `current`.
 * `onCurrent` moves to another image (also used for looping).
 */
export function useImageViewer(args: { open: boolean; current: number; total: number; loop: boolean; onCurrent(index: number): void }): PreviewConfig {
  const { open, current, total, loop, onCurrent } = args;
  const [mask, setMask] = useState(readMask);
  const [original, setOriginal] = useState(false);
  const [printing, setPrinting] = useState(false);
  const actions = useRef<{ onZoomIn(): void; onZoomOut(): void } | null>(null);
  const latest = useRef({ current, total, loop, onCurrent });
  latest.current = { current, total, loop, onCurrent };

  useEffect(() => {
    if (!open) return undefined;
    // Capture phase on window: runs before antd's own window listener, so the ends can loop.
    const onKey = (e: KeyboardEvent) => {
      const s = latest.current;
      if (e.key === ' ' || e.code === 'Space') {
        e.preventDefault();
        setOriginal((o) => !o);
      } else if (e.key === 'ArrowUp') {
        e.preventDefault();
        actions.current?.onZoomIn();
      } else if (e.key === 'ArrowDown') {
        e.preventDefault();
        actions.current?.onZoomOut();
      } else if (s.loop && s.total > 1 && e.key === 'ArrowLeft' && s.current === 0) {
        e.stopImmediatePropagation();
        s.onCurrent(s.total - 1);
      } else if (s.loop && s.total > 1 && e.key === 'ArrowRight' && s.current === s.total - 1) {
        e.stopImmediatePropagation();
        s.onCurrent(0);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);

  const toggleMask = () => {
    setMask((m) => {
      try {
        localStorage.setItem(VIEWER_MASK_KEY, m ? 'off' : 'on');
      } catch {
        // Not remembered; the toggle still works for this page.
      }
      return !m;
    });
  };

  const classes = ['fw-image-viewer', mask ? '' : 'fw-image-viewer-nomask', original ? 'fw-image-viewer-original' : ''].filter(Boolean).join(' ');
  return {
    zIndex: Z_INDEX,
    scaleStep: SCALE_STEP,
    minScale: MIN_SCALE,
    rootClassName: classes,
    countRender: (n: number, all: number) => `${n} / ${all}`,
    toolbarRender: (node, info): ReactNode => {
      actions.current = info.actions;
      const button = (label: string, icon: ReactNode, onClick: () => void, pressed?: boolean) => (
        <span role="button" tabIndex={0} aria-label={label} aria-pressed={pressed} title={label} className="fw-image-viewer-action" onClick={onClick} onKeyDown={(e) => { if (e.key === 'Enter') onClick(); }}>
          {icon}
        </span>
      );
      return (
        <div className="fw-image-viewer-toolbar">
          {node}
          <div className="fw-image-viewer-extra">
            {button(original ? '适应窗口' : '原始大小', original ? <CompressOutlined /> : <ExpandOutlined />, () => setOriginal((o) => !o))}
            {button(mask ? '关闭遮罩' : '打开遮罩', <BorderOutlined />, toggleMask, mask)}
            {button('打印', <PrinterOutlined />, () => {
              if (printing) return;
              setPrinting(true);
              printImage(info.image.url, info.image.alt ?? '', () => setPrinting(false));
            })}
            {printing ? <span className="fw-image-viewer-printing" role="status"><LoadingOutlined />{VIEWER_PRINT_TEXT}</span> : null}
          </div>
        </div>
      );
    },
  };
}
