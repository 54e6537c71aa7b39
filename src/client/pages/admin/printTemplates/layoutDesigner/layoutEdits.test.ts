/** The designer's drag and property logic: drops, moves, resizes and page changes stay on the page and in a band. */
import { describe, expect, it } from 'vitest';
import { emptyLayout } from '../../../../../shared/print/layout/layoutModel';
import { validateLayout } from '../../../../../shared/print/layout/validateLayout';
import type { LayoutFields } from '../../../../../shared/print/layout/layoutFields';
import { dropItem, moveElement, pxToMm, resizeElement, updateElement, updatePage } from './layoutEdits';

const fields: LayoutFields = {
  main: [{ enName: 'order_no', label: '订单号' }],
  subForms: [{ enName: 'lines', label: '明细', children: [{ enName: 'item', label: '品名' }, { enName: 'qty', label: '数量' }] }],
};

describe('layout edits', () => {
  it('drops a field at the pointer in mm, in the band it falls into', () => {
    const { layout, id } = dropItem(emptyLayout(), { kind: 'field', field: 'order_no' }, { x: pxToMm(96 / 25.4 * 30), y: 40 }, fields);
    expect(layout.elements).toEqual([{ id, kind: 'field', field: 'order_no', show: 'both', band: 'body', x: 30, y: 40, w: 70, h: 8 }]);
    const head = dropItem(layout, { kind: 'text' }, { x: 5, y: 3 }, fields);
    expect(head.layout.elements[1]).toMatchObject({ band: 'header', x: 5, y: 3 });
    expect(validateLayout(head.layout, fields).errors).toEqual([]);
  });
  it('keeps a drop or a move past the edge on the page and inside its band', () => {
    const { layout, id } = dropItem(emptyLayout(), { kind: 'field', field: 'order_no' }, { x: 190, y: 300 }, fields);
    expect(layout.elements[0]).toMatchObject({ band: 'footer', x: 140, y: 289 });
    const moved = moveElement(layout, id, -500, -150);
    expect(moved.elements[0]).toMatchObject({ band: 'body', x: 0, y: 139 });
    expect(validateLayout(moved, fields).errors).toEqual([]);
  });
  it('resizes by a drag and by numbers, and re-places elements when the paper turns', () => {
    const { layout, id } = dropItem(emptyLayout(), { kind: 'rect' }, { x: 100, y: 100 }, fields);
    expect(resizeElement(layout, id, 20, -100).elements[0]).toMatchObject({ w: 80, h: 1 });
    expect(updateElement(layout, id, { x: 12.34, w: 50 }).elements[0]).toMatchObject({ x: 12.3, w: 50 });
    const turned = updatePage(updateElement(layout, id, { x: 200, w: 10 }), { orientation: 'landscape' });
    expect(turned.elements[0]).toMatchObject({ x: 200, y: 100 });
    const a5 = updatePage(turned, { paper: 'A5', orientation: 'portrait' });
    expect(a5.elements[0]).toMatchObject({ x: 138, y: 100 });
    expect(validateLayout(a5, fields).errors).toEqual([]);
  });
  it('makes a sub-form table of its fields that validates', () => {
    const { layout } = dropItem(emptyLayout(), { kind: 'table', subForm: 'lines' }, { x: 10, y: 50 }, fields);
    expect(layout.elements[0]).toMatchObject({ kind: 'table', band: 'body', columns: [{ field: 'item', width: 75 }, { field: 'qty', width: 75 }], w: 150 });
    expect(validateLayout(layout, fields).errors).toEqual([]);
  });
});
