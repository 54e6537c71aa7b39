// @vitest-environment jsdom
// DOMPurify does not support happy-dom (it returns the input unchanged there); jsdom is the DOM it is tested on.
import { describe, expect, it } from 'vitest';
import { sanitizeDocumentHtml } from './safeHtml';

describe('sanitizeDocumentHtml', () => {
  it('keeps document structure', () => {
    expect(sanitizeDocumentHtml('<h1>标题</h1><p>正文<strong>加粗</strong></p><table><tbody><tr><td colspan="2">格</td></tr></tbody></table>')).toBe(
      '<h1>标题</h1><p>正文<strong>加粗</strong></p><table><tbody><tr><td colspan="2">格</td></tr></tbody></table>',
    );
  });
  it('drops scripts, handlers, javascript: links and remote images', () => {
    const out = sanitizeDocumentHtml('<p onclick="x()">a<script>alert(1)</script><a href="javascript:alert(1)">b</a><img src="http://evil/x.png" onerror="x()"><iframe></iframe><style>p{}</style></p><a href="https://ok.example/">c</a>');
    expect(out).not.toMatch(/script|onclick|onerror|javascript|evil|iframe|style/);
    expect(out).toContain('<a href="https://ok.example/" target="_blank" rel="noopener noreferrer">c</a>');
    expect(out).toContain('<p>a<a>b</a></p>');
  });
  it('keeps embedded images only as data:image, never SVG', () => {
    expect(sanitizeDocumentHtml('<img src="data:image/png;base64,AAAA" alt="x">')).toBe('<img src="data:image/png;base64,AAAA" alt="x">');
    expect(sanitizeDocumentHtml('<img src="data:image/svg+xml;base64,AAAA">')).toBe('');
  });
});
