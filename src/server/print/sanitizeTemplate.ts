/**
 * DOMPurify over jsdom for print-template HTML (ADR 0950). A body is cleaned when it is saved and
 * again when it is rendered, so a row written around the API or by an older version cannot
 * smuggle script into a print view or into the server's PDF renderer.
 *
 * Kept: document structure, tables, inline `style` and `<style>` (paper layout needs CSS),
 * `class`, table spans, `data-each` (the repeated sub-form row, docs/forms.md). Dropped: every
 * script, event handler, form control, frame and object; `<img>` keeps only an embedded
 * `data:image/(png|jpeg|gif|webp)` source, and links only http(s), so neither the browser's print
 * view nor the server's Chromium fetches anything from elsewhere.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const SAFE_IMG = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
// CSS that could fetch (url(), @import) or run (expression(), -moz-binding) is removed from style.
const UNSAFE_CSS = /url\s*\(|@import|expression\s*\(|-moz-binding|behavior\s*:|javascript:/gi;

const window = new JSDOM('').window;
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'style' && node.textContent) node.textContent = node.textContent.replace(UNSAFE_CSS, '/*removed*/(');
});
purify.addHook('afterSanitizeAttributes', (node) => {
  const el = node as Element;
  if (el.tagName === 'IMG' && !SAFE_IMG.test(el.getAttribute('src') ?? '')) el.removeAttribute('src');
  if (el.tagName === 'A') {
    if (!/^https?:\/\//i.test(el.getAttribute('href') ?? '')) el.removeAttribute('href');
    else { el.setAttribute('target', '_blank'); el.setAttribute('rel', 'noopener noreferrer'); }
  }
  const style = el.getAttribute?.('style');
  if (style && UNSAFE_CSS.test(style)) el.setAttribute('style', style.replace(UNSAFE_CSS, ''));
  UNSAFE_CSS.lastIndex = 0;
});

const CONFIG = {
  // Whole-document parts are never part of a body; forms, media and frames have no place in print.
  FORBID_TAGS: ['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'select', 'textarea', 'video', 'audio', 'source', 'link', 'meta', 'base', 'svg', 'math', 'template'],
  FORBID_ATTR: ['srcset', 'action', 'formaction', 'xlink:href', 'ping'],
  ADD_TAGS: ['style'],
  ADD_ATTR: ['data-each', 'colspan', 'rowspan', 'target'],
  ALLOW_DATA_ATTR: false,
  // Keep a leading <style> of a fragment (DOMPurify drops it otherwise as a head element).
  FORCE_BODY: true,
};

/** The cleaned HTML of a template body (or of a filled one); plain text passes unchanged. */
export function sanitizeTemplateHtml(html: string): string {
  return purify.sanitize(html, CONFIG) as unknown as string;
}

/** The jsdom window the renderer parses filled bodies with (one per process). */
export function templateWindow(): typeof window {
  return window;
}
