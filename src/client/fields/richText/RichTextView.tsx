/**
 * Read-only rich text: the value cleaned by the print-template rules (sanitizeRichHtml) and drawn
 * as HTML; file-store images are fetched with the token. No TipTap: viewing loads no editor.
 */
import { useState } from 'react';
import { sanitizeRichHtml } from '../../print/sanitizePrintHtml';
import { useStoredImages } from './useStoredImages';

/** The cleaned HTML, or '-' when empty. */
export function RichTextView({ value }: { value?: string | null }) {
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  useStoredImages(root, value);
  if (!value) return <span className="fw-empty-text">-</span>;
  return <div ref={setRoot} className="fw-rich-text-view" dangerouslySetInnerHTML={{ __html: sanitizeRichHtml(value) }} />;
}
