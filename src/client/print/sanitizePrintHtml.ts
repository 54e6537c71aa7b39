/**
 * The browser's second cleaning of rendered sheets (the server cleaned them already, ADR 0950):
 * the same rules, so nothing a template holds can run in the print view.
 */
import DOMPurify from 'dompurify';

const CONFIG = {
  FORBID_TAGS: ['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'select', 'textarea', 'video', 'audio', 'source', 'link', 'meta', 'base', 'svg', 'math', 'template'],
  FORBID_ATTR: ['srcset', 'action', 'formaction', 'xlink:href', 'ping'],
  ADD_TAGS: ['style'],
  ADD_ATTR: ['colspan', 'rowspan', 'target'],
  ALLOW_DATA_ATTR: false,
  FORCE_BODY: true,
  ALLOWED_URI_REGEXP: /^(?:https?:\/\/|data:image\/(?:png|jpeg|gif|webp);base64,)/i,
};

/** Cleaned sheet HTML for dangerouslySetInnerHTML. */
export function sanitizePrintHtml(html: string): string {
  return DOMPurify.sanitize(html, CONFIG) as unknown as string;
}
