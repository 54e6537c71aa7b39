/**
 * The browser's second cleaning of rendered sheets (the server cleaned them already, ADR 0950):
 * the same rules, so nothing a template holds can run in the print view.
 *
 * Addresses are judged by a hook on the two attributes that may keep one (`<img src>` with an
 * embedded image, `<a href>` to http(s)), as the server does, not by DOMPurify's
 * ALLOWED_URI_REGEXP: that option also tests every attribute DOMPurify does not list as
 * address-free, so it dropped `border`, `colspan`, `width`, `align` … and the print view lost the
 * table borders and merged cells the PDF shows (issue 27 item 1).
 */
import DOMPurify from 'dompurify';

const SAFE_IMG = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/** Rich text (ADR 1050) may also show images of the product's own file store (the server's STORED_IMG). */
const STORED_IMG = /^\/api\/common\/download\?fileName=[A-Za-z0-9%._~!'()*-]+(?:&inline=true)?$/;
/**
 * …and the portal's public address of such an image (server public/portalImageUrls.ts), which the
 * portal's detail answer puts in place of the file-store address for signed-out visitors.
 */
const PORTAL_IMG = /^\/api\/portal\/images\/[A-Za-z0-9_%-]+\/\d+\/[A-Za-z0-9_%-]+\/[A-Za-z0-9_-]+\?tenantCode=[A-Za-z0-9%._~-]+$/;
/** Set only for the duration of one synchronous sanitize call in rich-text mode. */
let richTextMode = false;
/** Attributes that name an address something may load or send to (the server's list, sanitizeTemplate.ts). */
const URL_ATTRS = new Set(['src', 'href', 'xlink:href', 'background', 'poster', 'lowsrc', 'dynsrc', 'data', 'action', 'formaction', 'cite', 'longdesc', 'manifest', 'codebase', 'archive', 'ping', 'icon', 'srcset', 'imagesrcset', 'profile', 'usemap', 'classid', 'itemtype', 'itemid', 'attributionsrc']);

const CONFIG = {
  FORBID_TAGS: ['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'select', 'textarea', 'video', 'audio', 'source', 'link', 'meta', 'base', 'svg', 'math', 'template', 'track', 'picture', 'portal', 'applet', 'noscript', 'image'],
  FORBID_ATTR: ['srcset', 'action', 'formaction', 'xlink:href', 'ping', 'background', 'poster', 'http-equiv'],
  ADD_TAGS: ['style'],
  ADD_ATTR: ['colspan', 'rowspan', 'target'],
  ALLOW_DATA_ATTR: false,
  FORCE_BODY: true,
};

/** An instance of its own, so the hook does not reach the app's other cleaning (safeHtml.ts). */
let instance: ReturnType<typeof DOMPurify> | null = null;
function purifier(): ReturnType<typeof DOMPurify> {
  if (instance) return instance;
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (!el.attributes) return;
    for (const { name, value } of [...el.attributes]) {
      const lower = name.toLowerCase();
      if (!URL_ATTRS.has(lower) && !lower.endsWith(':href')) continue;
      const keep = (el.tagName === 'IMG' && lower === 'src' && (SAFE_IMG.test(value) || (richTextMode && (STORED_IMG.test(value) || PORTAL_IMG.test(value))))) || (el.tagName === 'A' && lower === 'href' && /^https?:\/\//i.test(value));
      if (!keep) el.removeAttribute(name);
    }
    if (el.tagName === 'A' && el.hasAttribute('href')) { el.setAttribute('target', '_blank'); el.setAttribute('rel', 'noopener noreferrer'); }
  });
  instance = purify;
  return purify;
}

/** Cleaned sheet HTML for dangerouslySetInnerHTML. */
export function sanitizePrintHtml(html: string): string {
  return purifier().sanitize(html, CONFIG) as unknown as string;
}

/** Rich-text HTML (editor paste and load, views) cleaned by the same rules, plus file-store images (ADR 1050). */
export function sanitizeRichHtml(html: string): string {
  richTextMode = true;
  try {
    return purifier().sanitize(html, CONFIG) as unknown as string;
  } finally {
    richTextMode = false;
  }
}
