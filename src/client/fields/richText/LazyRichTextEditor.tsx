/**
 * The rich-text editor as every screen uses it (ADR 1050): TipTap's chunk is fetched on first use
 * and, until it arrives, a full-screen loading text covers the page (spec 02 §2.5).
 */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

/** The loading text shown while the editor's resources load. */
export const RICH_TEXT_LOADING = '富文本编辑器加载中...';

const Editor = lazy(() => import('./RichTextEditor'));

/** `RichTextEditor`, lazily loaded behind a full-screen loading text. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Spin fullscreen tip={RICH_TEXT_LOADING} size="large" />}>
      <Editor {...props} />
    </Suspense>
  );
}
