// @vitest-environment jsdom
// DOMPurify does not support happy-dom (it returns the input unchanged there); jsdom is the DOM it is tested on.
import { describe, expect, it } from 'vitest';
import { sanitizePrintHtml } from './sanitizePrintHtml';
import DOMPurify from 'dompurify';

describe('the print view\'s cleaning (issue 27 item 1)', () => {
  it('keeps the table attributes the PDF shows: border, colspan, rowspan, width, align', () => {
    const html = '<table border="1" width="100%"><tbody><tr><td colspan="2" align="center">a</td><td rowspan="2">b</td></tr></tbody></table>';
    expect(sanitizePrintHtml(html)).toBe(html);
  });

  it('still drops scripts, handlers and every address but embedded images and http(s) links', () => {
    const out = sanitizePrintHtml('<img src="https://x.example/a.png" onerror="alert(1)"><img src="data:image/png;base64,AAAA"><a href="javascript:alert(1)">j</a><a href="https://ok.example">k</a><table background="http://x.example/b.png"><tbody><tr><td>c</td></tr></tbody></table><script>alert(1)</script>');
    expect(out).toBe('<img><img src="data:image/png;base64,AAAA"><a>j</a><a href="https://ok.example" target="_blank" rel="noopener noreferrer">k</a><table><tbody><tr><td>c</td></tr></tbody></table>');
  });

  it('its address rule stays in its own instance, off the shared DOMPurify', () => {
    sanitizePrintHtml('<p>x</p>');
    expect(DOMPurify.sanitize('<a href="mailto:a@b.example">m</a>')).toContain('mailto:');
  });
});
