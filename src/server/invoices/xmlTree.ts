/**
 * A small XML reader for invoice documents: elements, text, CDATA and the five predefined and
 * numeric entities; attributes, comments, processing instructions and doctypes are skipped (the
 * 全电 invoice XML carries its values as element text). Namespace prefixes are dropped. Pure; throws
 * on unbalanced tags.
 */

/** One element: its local name, its text (concatenated) and its child elements. */
export interface XmlElement {
  name: string;
  text: string;
  children: XmlElement[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n <= 0x10ffff ? String.fromCodePoint(n) : all;
    }
    return ENTITIES[e] ?? all;
  });
}

function localName(tag: string): string {
  const i = tag.indexOf(':');
  return i >= 0 ? tag.slice(i + 1) : tag;
}

/** The document's root element. */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', text: '', children: [] };
  const stack: XmlElement[] = [root];
  const token = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/([^\s>]+)\s*>|<([^\s/>!?]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|([^<]+)/g;
  let m: RegExpExecArray | null;
  let last = 0;
  while ((m = token.exec(xml))) {
    if (m.index !== last) throw new Error('XML 格式不正确');
    last = token.lastIndex;
    const top = stack[stack.length - 1];
    if (m[1] !== undefined) top.text += m[1];
    else if (m[2] !== undefined) {
      if (stack.length < 2 || top.name !== localName(m[2])) throw new Error('XML 格式不正确');
      stack.pop();
    } else if (m[3] !== undefined) {
      const el: XmlElement = { name: localName(m[3]), text: '', children: [] };
      top.children.push(el);
      if (!m[5]) stack.push(el);
    } else if (m[6] !== undefined) top.text += decode(m[6]);
  }
  if (last !== xml.length || stack.length !== 1 || root.children.length !== 1) throw new Error('XML 格式不正确');
  return root.children[0];
}

/** Every element named `name` under `el` (depth first, document order). */
export function findAll(el: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of el.children) {
    if (c.name === name) out.push(c);
    findAll(c, name, out);
  }
  return out;
}

/** The trimmed text of the first element named `name` under `el`, or undefined when absent or empty. */
export function textOf(el: XmlElement, name: string): string | undefined {
  const t = findAll(el, name)[0]?.text.trim();
  return t ? t : undefined;
}
