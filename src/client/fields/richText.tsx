/**
 * richText family member for forms: the lazily loaded TipTap editor (ADR 1050) bound to Formily,
 * the cleaned HTML as its read-pretty (detail) view.
 */
import { connect, mapReadPretty } from '@formily/react';
import { LazyRichTextEditor } from './richText/LazyRichTextEditor';
import { RichTextView } from './richText/RichTextView';

/** The adapter's `RichText` component. */
export const RichText = connect(LazyRichTextEditor, mapReadPretty(RichTextView));
