/**
 * The page at real size (CSS mm): the compiled first page with stand-in values underneath (the
 * same compiler as printing), the header and footer bands shaded, and over each element a frame
 * to select, drag (move) and drag by its corner (resize).
 */
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useMemo } from 'react';
import { compileLayout, layoutPageCss, type LayoutData } from '../../../../../shared/print/layout/compileLayout';
import { layoutPageSize, type LayoutElement, type PrintLayoutModel } from '../../../../../shared/print/layout/layoutModel';

function Frame({ el, selected, onSelect }: { el: LayoutElement; selected: boolean; onSelect: () => void }) {
  const move = useDraggable({ id: `move:${el.id}`, data: { source: 'move', id: el.id } });
  const size = useDraggable({ id: `resize:${el.id}`, data: { source: 'resize', id: el.id } });
  const t = move.transform;
  const s = size.transform;
  return (
    <div ref={move.setNodeRef} {...move.attributes} {...move.listeners} data-element={el.id} aria-label={`元素 ${el.id}`}
      onMouseDown={onSelect}
      style={{
        position: 'absolute', left: `${el.x}mm`, top: `${el.y}mm`, boxSizing: 'border-box', cursor: 'move',
        width: s ? `calc(${el.w}mm + ${s.x}px)` : `${Math.max(el.w, 1)}mm`, height: s ? `calc(${el.h}mm + ${s.y}px)` : `${Math.max(el.h, 1)}mm`,
        transform: t ? `translate(${t.x}px, ${t.y}px)` : undefined, outline: selected ? '2px solid #1677ff' : '1px dashed #91caff', zIndex: selected ? 2 : 1,
      }}>
      {selected ? <div ref={size.setNodeRef} {...size.attributes} {...size.listeners} aria-label="调整大小" onMouseDown={(e) => e.stopPropagation()}
        style={{ position: 'absolute', right: -5, bottom: -5, width: 10, height: 10, background: '#1677ff', cursor: 'nwse-resize' }} /> : null}
    </div>
  );
}

/** The canvas. */
export function LayoutCanvas({ layout, sample, selected, onSelect }: { layout: PrintLayoutModel; sample: LayoutData; selected: string | null; onSelect: (id: string | null) => void }) {
  const page = layoutPageSize(layout);
  const { setNodeRef } = useDroppable({ id: 'page', data: { source: 'page' } });
  const html = useMemo(() => compileLayout(layout, sample)[0] ?? '', [layout, sample]);
  const css = useMemo(() => layoutPageCss(page, { page: false }).replace(/@media screen \{[\s\S]*?\n\}/, ''), [page]);
  return (
    <div style={{ flex: 1, overflow: 'auto', maxHeight: '75vh', background: '#e9ebee', padding: 16 }}>
      <style>{css}</style>
      <div ref={setNodeRef} data-testid="layout-page" className="fw-print-doc" onMouseDown={(e) => { if (e.target === e.currentTarget) onSelect(null); }}
        style={{ position: 'relative', width: `${page.width}mm`, height: `${page.height}mm`, margin: '0 auto', background: '#fff', boxShadow: '0 1px 6px rgba(0,0,0,.25)' }}>
        <div style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} dangerouslySetInnerHTML={{ __html: html }} />
        <div style={{ position: 'absolute', left: 0, right: 0, top: 0, height: `${layout.headerHeight}mm`, background: 'rgba(22,119,255,.06)', borderBottom: '1px dashed #91caff', pointerEvents: 'none', fontSize: 10, color: '#8c8c8c' }}>页眉</div>
        <div style={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: `${layout.footerHeight}mm`, background: 'rgba(22,119,255,.06)', borderTop: '1px dashed #91caff', pointerEvents: 'none', fontSize: 10, color: '#8c8c8c' }}>页脚</div>
        {layout.elements.map((el) => <Frame key={el.id} el={el} selected={el.id === selected} onSelect={() => onSelect(el.id)} />)}
      </div>
    </div>
  );
}
