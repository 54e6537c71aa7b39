import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { htmlToReact } from './safeHtml';

const render = (html: string) => renderToStaticMarkup(<div>{htmlToReact(html)}</div>);

describe('htmlToReact', () => {
  it('keeps document structure', () => {
    expect(render('<h1>标题</h1><p>正文<strong>加粗</strong></p><table><tr><td colspan="2">格</td></tr></table>')).toBe(
      '<div><h1>标题</h1><p>正文<strong>加粗</strong></p><table><tbody><tr><td colSpan="2">格</td></tr></tbody></table></div>',
    );
  });
  it('drops scripts, handlers, javascript: links and remote images', () => {
    const out = render('<p onclick="x()">a<script>alert(1)</script><a href="javascript:alert(1)">b</a><img src="http://evil/x.png" onerror="x()"><iframe></iframe><style>p{}</style></p><a href="https://ok.example/">c</a>');
    expect(out).not.toMatch(/script|onclick|onerror|javascript|evil|iframe|style/);
    expect(out).toContain('<a href="https://ok.example/" target="_blank" rel="noopener noreferrer">c</a>');
    expect(out).toContain('<p>a<a>b</a></p>');
  });
  it('keeps embedded images only as data:image', () => {
    expect(render('<img src="data:image/png;base64,AAAA" alt="x">')).toBe('<div><img src="data:image/png;base64,AAAA" alt="x" style="max-width:100%"/></div>');
    expect(render('<img src="data:image/svg+xml;base64,AAAA">')).toBe('<div></div>');
  });
});
