// @vitest-environment jsdom
// DOMPurify does not support happy-dom (it returns the input unchanged there); jsdom is the DOM it is tested on.
/** The print-template cleaner in its rich-text mode (ADR 1050): the same rules plus file-store images. */
import { describe, expect, it } from 'vitest';
import { sanitizePrintHtml, sanitizeRichHtml } from './sanitizePrintHtml';

const stored = '/api/common/download?fileName=t1%2F20261128%2Fabc%2Fa.png';

describe('sanitizeRichHtml', () => {
  it('keeps structure, emphasis, http(s) links and file-store images; drops script, handlers and outside images', () => {
    const html = sanitizeRichHtml(`<h2>标题</h2><p onclick="x()"><strong>粗</strong> <a href="https://example.com">链</a><a href="javascript:alert(1)">坏</a></p><script>alert(1)</script><img src="${stored}"><img src="https://evil.example/x.png"><iframe src="https://x"></iframe>`);
    expect(html).toContain('<h2>标题</h2>');
    expect(html).toContain('<strong>粗</strong>');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain(`src="${stored.replace(/&/g, '&amp;')}"`);
    for (const bad of ['onclick', '<script', 'javascript:', 'evil.example', '<iframe']) expect(html).not.toContain(bad);
  });

  it("keeps the portal's public image address (a published record's image), nothing shaped otherwise", () => {
    const portal = '/api/portal/images/portal_xwdt/12/zw/AbC_-0123456789abcdefghijklmnopqr?tenantCode=DEFAULT';
    expect(sanitizeRichHtml(`<img src="${portal}">`)).toContain(`src="${portal}"`);
    expect(sanitizeRichHtml('<img src="/api/portal/images/portal_xwdt/12/zw/x?tenantCode=DEFAULT&x=1">')).not.toContain('src=');
    expect(sanitizeRichHtml('<img src="/api/portal/images/../common/x?tenantCode=DEFAULT">')).not.toContain('src=');
    expect(sanitizePrintHtml(`<img src="${portal}">`)).not.toContain('portal');
  });

  it('leaves the print mode strict: file-store images are not kept there', () => {
    expect(sanitizePrintHtml(`<img src="${stored}">`)).not.toContain('download');
    expect(sanitizeRichHtml(`<img src="/api/common/download?fileName=a&other=1">`)).not.toContain('src=');
  });
});
