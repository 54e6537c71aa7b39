/**
 * CSS of print templates without remote references (issue 26 item 6). Neither the browser's print
 * view nor the server's Chromium may fetch anything a template names, and a blocklist over raw
 * text is beaten by CSS escapes (`u\72l(`), comments inside tokens and functions that take a bare
 * string (`image-set("x.png" 1x)`, `@import "x.css"`). So every statement and declaration is
 * judged on a normalised copy (comments removed, escapes decoded, lower case) and dropped whole
 * when that copy could fetch or run; the text that stays is the administrator's own. When the
 * cleaned result, normalised again, still looks unsafe, nothing of it is kept (fail closed).
 */

/** Anything in normalised CSS that can load from elsewhere or run code. */
const UNSAFE = /url\s*\(|image-set|(?:^|[^a-z0-9_-])image\s*\(|cross-fade|element\s*\(|@import|@font-face|(?:^|[^a-z0-9_-])src\s*:|expression|binding|behavior|javascript:|vbscript:/;

/** CSS as the browser reads its tokens: comments (outside strings) gone, escapes decoded, lower case. */
export function normalizeCss(css: string): string {
  let out = '';
  let quote = '';
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') {
      const hex = /^[0-9a-f]{1,6}/i.exec(css.slice(i + 1, i + 7));
      if (hex) {
        const code = parseInt(hex[0], 16);
        out += code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
        i += hex[0].length;
        if (/[ \t\n\f]/.test(css[i + 1] ?? '')) i++;
        else if (css[i + 1] === '\r') i += css[i + 2] === '\n' ? 2 : 1;
      } else if (css[i + 1] === '\r' || css[i + 1] === '\n' || css[i + 1] === '\f') {
        i += css[i + 1] === '\r' && css[i + 2] === '\n' ? 2 : 1;
      } else if (i + 1 < css.length) {
        out += css[++i];
      }
      continue;
    }
    if (quote) {
      if (c === quote) quote = '';
      out += c;
    } else if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? css.length : close + 1;
    } else {
      if (c === '"' || c === "'") quote = c;
      out += c;
    }
  }
  // eslint-disable-next-line no-control-regex
  return out.replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '').toLowerCase();
}

/** Whether a piece of CSS could fetch or run anything. `<` also counts: it could end a `<style>`. */
export function isUnsafeCss(css: string): boolean {
  return css.includes('<') || UNSAFE.test(normalizeCss(css));
}

interface Piece { text: string; end: '' | ';' | '{' | '}' }

/** Statements split at `;`, `{` and `}` that stand outside strings, comments and parentheses. */
function pieces(css: string): Piece[] {
  const out: Piece[] = [];
  let start = 0;
  let depth = 0;
  let quote = '';
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '\\') { i++; continue; }
    if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? css.length : close + 1;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === ';' || c === '{' || c === '}')) {
      out.push({ text: css.slice(start, i), end: c });
      start = i + 1;
    }
  }
  if (start < css.length) out.push({ text: css.slice(start), end: '' });
  return out;
}

/**
 * A stylesheet (a `<style>` element) or a declaration list (a `style` attribute) without its
 * unsafe parts: an unsafe declaration or statement is dropped, an unsafe rule or at-rule prelude
 * (`@font-face`, `@import`, a selector carrying `url(`) drops its whole block.
 */
export function cleanCss(css: string): string {
  let out = '';
  const list = pieces(css);
  for (let i = 0; i < list.length; i++) {
    const { text, end } = list[i];
    if (!isUnsafeCss(text)) { out += text + end; continue; }
    if (end === '}') out += '}';
    if (end !== '{') continue;
    // Skip the block this prelude opens, nested blocks included.
    let depth = 1;
    while (depth > 0 && ++i < list.length) {
      if (list[i].end === '{') depth++;
      else if (list[i].end === '}') depth--;
    }
  }
  return isUnsafeCss(out) ? '' : out;
}
