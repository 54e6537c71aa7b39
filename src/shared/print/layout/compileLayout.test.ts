/** The layout model's validation and the compiler: positions in mm, repeated bands, rows flowing to page 2. */
import { describe, expect, it } from 'vitest';
import { compileLayout, type LayoutData } from './compileLayout.js';
import { emptyLayout, layoutPageSize, MAX_LAYOUT_ELEMENTS, type PrintLayoutModel } from './layoutModel.js';
import type { LayoutFields } from './layoutFields.js';
import { validateLayout } from './validateLayout.js';

const fields: LayoutFields = {
  main: [{ enName: 'contract_name', label: '合同名称' }, { enName: 'amount', label: '金额' }],
  subForms: [{ enName: 'items', label: '明细', children: [{ enName: 'item_name', label: '品名' }, { enName: 'qty', label: '数量' }] }],
};

function layout(extra: Partial<PrintLayoutModel> = {}): PrintLayoutModel {
  return {
    ...emptyLayout(),
    elements: [
      { id: 'title', kind: 'text', band: 'header', x: 10, y: 5, w: 100, h: 10, text: '销售合同', style: { fontSize: 16, bold: true } },
      { id: 'name', kind: 'field', band: 'body', x: 20, y: 30, w: 120, h: 8, field: 'contract_name', show: 'both' },
      { id: 'tbl', kind: 'table', band: 'body', x: 10, y: 50, w: 100, h: 30, subForm: 'items', columns: [{ field: 'item_name', width: 60 }, { field: 'qty', width: 40 }], headerHeight: 8, rowHeight: 10 },
      { id: 'sign', kind: 'text', band: 'body', x: 10, y: 90, w: 60, h: 8, text: '签字：' },
      { id: 'pn', kind: 'pageNumber', band: 'footer', x: 150, y: 285, w: 50, h: 8, format: '第 {n} 页 / 共 {m} 页' },
    ],
    ...extra,
  };
}

const data = (rows: number): LayoutData => ({
  fields: { contract_name: { label: '合同名称', text: '钢材采购' }, amount: { label: '金额', text: '1,000.00' } },
  subForms: { items: { labels: { item_name: '品名', qty: '数量' }, rows: Array.from({ length: rows }, (_, i) => ({ item_name: `品名${i + 1}`, qty: String(i + 1) })) } },
  qrcode: '',
  images: {},
});

describe('validateLayout', () => {
  it('accepts a layout within its page and keeps only known properties', () => {
    const r = validateLayout({ ...layout(), extra: 1 }, fields);
    expect(r.errors).toEqual([]);
    expect(r.layout?.elements).toHaveLength(5);
    expect(r.layout).not.toHaveProperty('extra');
  });
  it('names an unknown field, an element off the page and too many elements in Chinese', () => {
    const base = layout();
    const unknown = validateLayout({ ...base, elements: [{ ...base.elements[1], field: 'nope' }] }, fields);
    expect(unknown.errors[0].message).toBe('字段「nope」不存在');
    const off = validateLayout({ ...base, elements: [{ ...base.elements[1], x: 200 }] }, fields);
    expect(off.errors[0].message).toBe('第1个元素（字段）超出页面范围');
    const band = validateLayout({ ...base, elements: [{ ...base.elements[1], y: 2 }] }, fields);
    expect(band.errors[0].message).toBe('第1个元素（字段）超出正文区域');
    const many = validateLayout({ ...base, elements: Array.from({ length: MAX_LAYOUT_ELEMENTS + 1 }, (_, i) => ({ ...base.elements[1], id: `e${i}` })) }, fields);
    expect(many.errors[0].message).toBe(`元素数量不能超过${MAX_LAYOUT_ELEMENTS}个`);
    const col = validateLayout({ ...base, elements: [{ ...base.elements[2], columns: [{ field: 'x', width: 20 }] }] }, fields);
    expect(col.errors[0].message).toBe('子表单「明细」没有字段「x」');
  });
  it('checks papers: the continuous form, and a custom size within limits', () => {
    expect(layoutPageSize({ paper: 'continuous', orientation: 'portrait' })).toEqual({ width: 241, height: 140 });
    expect(layoutPageSize({ paper: 'A5', orientation: 'landscape' })).toEqual({ width: 210, height: 148 });
    expect(validateLayout({ ...layout(), paper: 'custom', width: 20, height: 300 }, fields).errors[0].message).toBe('自定义纸张宽度须在50～1200毫米之间');
    expect(validateLayout({ ...layout(), paper: 'B9' }, fields).errors[0].message).toBe('纸张类型不正确');
  });
});

describe('compileLayout', () => {
  it('places elements at their mm positions on a page of the paper size', () => {
    const [page, ...rest] = compileLayout(layout(), data(2));
    expect(rest).toHaveLength(0);
    expect(page).toContain('width:210mm;height:297mm');
    expect(page).toMatch(/data-el="name" style="position:absolute;left:20mm;top:30mm;width:120mm;height:8mm;/);
    expect(page).toContain('合同名称：钢材采购');
    expect(page).toContain('font-size:16pt;line-height:1.25;font-weight:700;');
    expect(page).toContain('第 1 页 / 共 1 页');
    // Two rows end at 50 + 8 + 20 = 78 mm, inside the table's 30 mm box: 签字 stays at 90 mm.
    expect(page).toMatch(/data-el="sign" style="position:absolute;left:10mm;top:90mm;/);
  });
  it('flows sub-form rows to page 2 with the header row and the bands repeated', () => {
    // Body ends at 297 - 15 = 282 mm: page 1 holds (282 - 50 - 8) / 10 = 22 rows, page 2 starts at 20 mm.
    const pages = compileLayout(layout(), data(30));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('品名22<');
    expect(pages[0]).not.toContain('品名23<');
    expect(pages[1]).toContain('品名23<');
    expect(pages[1]).toContain('品名30<');
    for (const [i, p] of pages.entries()) {
      expect(p).toContain('销售合同');
      expect(p).toContain(`第 ${i + 1} 页 / 共 2 页`);
      expect(p.match(/>品名</g)).toHaveLength(1);
    }
    // On page 2 the header row sits at the body's top (20 mm), the first row below it (28 mm).
    expect(pages[1]).toMatch(/left:10mm;top:20mm;width:60mm;height:8mm;[^>]*><div[^>]*>品名</);
    expect(pages[1]).toMatch(/top:28mm;width:60mm;height:10mm;[^>]*><div[^>]*>品名23</);
    // The element below the table follows the table's end: 28 + 8 × 10 = 108 mm, plus its 10 mm gap below the box.
    expect(pages[1]).toMatch(/data-el="sign" style="position:absolute;left:10mm;top:118mm;/);
    expect(pages[0]).not.toContain('data-el="sign"');
    // The main field is on page 1 only.
    expect(pages[1]).not.toContain('钢材采购');
  });
  it('escapes values and leaves an unusable image empty', () => {
    const l = layout({ elements: [{ id: 'i', kind: 'image', band: 'body', x: 10, y: 30, w: 20, h: 20, src: '/api/common/download?fileName=a.png' }, layout().elements[1]] });
    const d = data(0);
    d.fields.contract_name.text = '<script>x</script>';
    d.images['/api/common/download?fileName=a.png'] = 'javascript:alert(1)';
    const [page] = compileLayout(l, d);
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('javascript:');
    expect(page).toContain('&#60;script&#62;');
  });
});
