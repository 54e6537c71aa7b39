/**
 * mammoth's HTML as React elements, without ever inserting HTML: the markup is parsed into an inert
 * document (DOMParser runs no scripts and loads nothing), then only a whitelist of tags is rebuilt
 * as elements; every attribute is dropped except a checked `href` (http/https), an embedded image
 * `src` (data:image/png|jpeg|gif|webp) and table spans. DOMPurify is not installed here; this
 * walker is the sanitiser (see docs/adr/0604-upload-extras.md).
 */
import { createElement, type ReactNode } from 'react';

const KEEP = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'br', 'a', 'img', 'blockquote', 'pre', 'code', 'span', 'div']);
/** Tags whose content is never shown. */
const DROP = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base']);
const VOID = new Set(['br', 'img']);
const SAFE_IMG = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

function props(el: Element, key: number): Record<string, unknown> {
  const tag = el.tagName.toLowerCase();
  const out: Record<string, unknown> = { key };
  if (tag === 'a') {
    const href = el.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href)) Object.assign(out, { href, target: '_blank', rel: 'noopener noreferrer' });
  } else if (tag === 'img') {
    const src = el.getAttribute('src') ?? '';
    if (SAFE_IMG.test(src)) Object.assign(out, { src, alt: el.getAttribute('alt') ?? '', style: { maxWidth: '100%' } });
  } else if (tag === 'td' || tag === 'th') {
    for (const name of ['colspan', 'rowspan'] as const) {
      const n = Number(el.getAttribute(name));
      if (Number.isInteger(n) && n > 1 && n < 1000) out[name === 'colspan' ? 'colSpan' : 'rowSpan'] = n;
    }
  }
  return out;
}

function walk(node: Node, key: number): ReactNode {
  if (node.nodeType === 3) return node.textContent;
  if (node.nodeType !== 1) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROP.has(tag)) return null;
  const children = Array.from(el.childNodes).map((c, i) => walk(c, i));
  if (!KEEP.has(tag)) return createElement('span', { key }, ...children);
  if (tag === 'img' && !SAFE_IMG.test(el.getAttribute('src') ?? '')) return null;
  return VOID.has(tag) ? createElement(tag, props(el, key)) : createElement(tag, props(el, key), ...children);
}

/** The whitelisted React tree of an HTML fragment. */
export function htmlToReact(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes).map((n, i) => walk(n, i));
}
