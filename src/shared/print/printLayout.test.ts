import { describe, expect, it } from 'vitest';
import { cssString, headerText, pageNumberText, paperSize, printCss, printDocumentHtml, sheetsHtml } from './printLayout';

const layout = { paper: 'A5' as const, orientation: 'landscape' as const, marginTop: 10, marginRight: 12, marginBottom: 99, marginLeft: 0, header: '', footer: '' };

describe('print layout (issue 17 item 1)', () => {
  it('paper sizes turn for landscape', () => {
    expect(paperSize({ paper: 'A4', orientation: 'portrait' })).toEqual({ width: 210, height: 297 });
    expect(paperSize(layout)).toEqual({ width: 210, height: 148 });
  });

  it('@page carries size, clamped margins, header, footer and the page counters', () => {
    const css = printCss(layout, '合同', '页脚');
    expect(css).toContain('size: 210mm 148mm; margin: 10mm 12mm 60mm 0mm;');
    expect(css).toContain('@top-center { content: "合同"');
    expect(css).toContain('"第 " counter(page) " 页 / 共 " counter(pages) " 页"');
    expect(printCss(layout, '', '', { page: false })).not.toContain('@page');
  });

  it('header text cannot leave its CSS string or the style element', () => {
    expect(cssString('a"; } body { display:none } x{ "\\')).toBe('"a\\"; } body { display:none } x{ \\"\\\\"');
    expect(cssString('</style><script>')).toBe('" /style  script "');
    expect(headerText('{{$form}} · {{$template}} {{$printTime}} {{x}}', { form: '合同', template: '正式', printTime: 'T' })).toBe('合同 · 正式 T {{x}}');
  });

  it('sheets number themselves and escape header and footer', () => {
    const html = sheetsHtml([{ id: 1, html: '<p>a</p>' }, { id: 2, html: '<p>b</p>' }], '<b>头</b>', '脚');
    expect(html.match(/class="fw-sheet"/g)).toHaveLength(2);
    expect(html).toContain(pageNumberText(2, 2));
    expect(html).toContain('&#60;b&#62;头&#60;/b&#62;');
    const doc = printDocumentHtml({ formName: 'f', formTitle: '<表>', template: { ...layout, id: 1, name: 't', header: '{{$form}}' }, sheets: [] }, 'now');
    expect(doc).toContain('<title>&#60;表&#62;</title>');
  });
});
