/**
 * mammoth's HTML of a user's .docx, cleaned with DOMPurify before it is shown: only document
 * structure survives (paragraphs, headings, lists, tables, emphasis, links, embedded pictures);
 * links must be http(s) and open in a new tab without an opener, pictures must be embedded
 * data:image (png, jpeg, gif, webp; never SVG), and no attribute but href, src, alt and table spans
 * is kept. See docs/adr/0604-upload-extras.md.
 */
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'ul', 'ol', 'li',
  'table', 'thead', 'tbody', 'tr', 'td', 'th', 'br', 'a', 'img', 'blockquote', 'pre', 'code', 'span', 'div'];
/** DOMPurify tests every attribute value with this: http(s), or a value with no scheme (a span's "2"). */
const SAFE_URI = /^(?:https?:\/\/|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const SAFE_IMG = /^data:image\/(?:png|jpeg|gif|webp);base64,/i;

let purifier: ReturnType<typeof DOMPurify> | undefined;

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      if (!/^https?:\/\//i.test(node.getAttribute('href') ?? '')) node.removeAttribute('href');
      else { node.setAttribute('target', '_blank'); node.setAttribute('rel', 'noopener noreferrer'); }
    }
    // Pictures come embedded in the document; a link to one elsewhere is dropped.
    if (node.tagName === 'IMG' && !SAFE_IMG.test(node.getAttribute('src') ?? '')) node.remove();
  });
  return purifier;
}

const escapeText = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The cleaned HTML of a converted document, safe for `dangerouslySetInnerHTML`. */
export function sanitizeDocumentHtml(html: string): string {
  const p = instance();
  // Where DOMPurify cannot work (it returns its input unchanged), show the text only.
  if (!p.isSupported) return escapeText(new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '');
  return p.sanitize(html, {
    ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'src', 'alt', 'colspan', 'rowspan', 'target', 'rel'], ALLOWED_URI_REGEXP: SAFE_URI,
  });
}
