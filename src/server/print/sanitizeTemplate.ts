/**
 * DOMPurify over jsdom for print-template HTML (ADR 0950). A body is cleaned when it is saved and
 * again when it is rendered, so a row written around the API or by an older version cannot
 * smuggle script into a print view or into the server's PDF renderer.
 *
 * Kept: document structure, tables, inline `style` and `<style>` (paper layout needs CSS),
 * `class`, table spans, `data-each` (the repeated sub-form row, docs/forms.md). Dropped: every
 * script, event handler, form control, frame and object; `<img>` keeps only an embedded
 * `data:image/(png|jpeg|gif|webp)` source, links only http(s), every other address-bearing attribute
 * goes, and CSS loses whatever could fetch (cleanCss.ts: `url()` however escaped, `image-set()`,
 * `@import`, `@font-face`), so neither the browser's print view nor the server's Chromium fetches
 * anything from elsewhere (issue 26 item 6).
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { cleanCss } from './cleanCss.js';

const SAFE_IMG = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/**
 * Rich text (ADR 1050) may also show images of the product's own file store: a same-origin
 * download address (no scheme, no host), nothing else.
 */
export const STORED_IMG = /^\/api\/common\/download\?fileName=[A-Za-z0-9%._~!'()*-]+(?:&inline=true)?$/;
/** Set only for the duration of one synchronous sanitize call in rich-text mode. */
let richTextMode = false;
/**
 * Attributes that name an address some element may load (or send to): only an `<img src>` with an
 * embedded image and an `<a href>` to http(s) stay; on any other element, or with any other value,
 * they go. Kept as a list of names rather than trusting DOMPurify's URI check, which lets plain
 * http(s) addresses through (e.g. `<table background="http://…">`).
 */
const URL_ATTRS = new Set(['src', 'href', 'xlink:href', 'background', 'poster', 'lowsrc', 'dynsrc', 'data', 'action', 'formaction', 'cite', 'longdesc', 'manifest', 'codebase', 'archive', 'ping', 'icon', 'srcset', 'imagesrcset', 'profile', 'usemap', 'classid', 'itemtype', 'itemid', 'attributionsrc']);

const window = new JSDOM('').window;
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'style' && node.textContent) node.textContent = cleanCss(node.textContent);
});
purify.addHook('afterSanitizeAttributes', (node) => {
  const el = node as Element;
  if (!el.attributes) return;
  for (const { name, value } of [...el.attributes]) {
    const lower = name.toLowerCase();
    if (lower === 'style') {
      const style = cleanCss(value);
      if (style.trim()) el.setAttribute('style', style);
      else el.removeAttribute(name);
    } else if (URL_ATTRS.has(lower) || lower.endsWith(':href')) {
      const keep = (el.tagName === 'IMG' && lower === 'src' && (SAFE_IMG.test(value) || (richTextMode && STORED_IMG.test(value)))) || (el.tagName === 'A' && lower === 'href' && /^https?:\/\//i.test(value));
      if (!keep) el.removeAttribute(name);
    }
  }
  if (el.tagName === 'A' && el.hasAttribute('href')) { el.setAttribute('target', '_blank'); el.setAttribute('rel', 'noopener noreferrer'); }
});

const CONFIG = {
  // Whole-document parts are never part of a body; forms, media and frames have no place in print.
  FORBID_TAGS: ['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'select', 'textarea', 'video', 'audio', 'source', 'link', 'meta', 'base', 'svg', 'math', 'template', 'track', 'picture', 'portal', 'applet', 'noscript', 'image'],
  FORBID_ATTR: ['srcset', 'action', 'formaction', 'xlink:href', 'ping', 'background', 'poster', 'http-equiv'],
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

/**
 * Rich-text HTML (policy texts, richText field values; ADR 1050) cleaned by the same rules as
 * templates, plus `<img src>` of the product's file store.
 */
export function sanitizeRichTextHtml(html: string): string {
  richTextMode = true;
  try {
    return purify.sanitize(html, CONFIG) as unknown as string;
  } finally {
    richTextMode = false;
  }
}

/** The jsdom window the renderer parses filled bodies with (one per process). */
export function templateWindow(): typeof window {
  return window;
}
