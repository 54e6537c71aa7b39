/**
 * 可视化设计 of a layout print template (issue 30 item 3, ADR 1054): palette, page canvas, property
 * panel, paper settings, a preview with a chosen record rendered by the server's print pipeline,
 * export and import of the layout as JSON, and saving. Loaded on first use (dnd-kit comes with it).
 */
import { DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { App as AntdApp, Button, Input, InputNumber, Modal, Radio, Select, Space, Upload } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { FormDefinition } from '../../../../../../schema-adapters';
import { layoutFieldsOf } from '../../../../../shared/print/layout/layoutFields';
import { LAYOUT_PAPERS, LAYOUT_PAPER_LABELS, emptyLayout, type LayoutElement, type PrintLayoutModel } from '../../../../../shared/print/layout/layoutModel';
import { validateLayout } from '../../../../../shared/print/layout/validateLayout';
import type { PrintRender } from '../../../../../shared/print/printLayout';
import { listRecords } from '../../../../api/records';
import type { PrintTemplateInput } from '../../../../api/print';
import { PrintPreview } from '../PrintPreview';
import { LayoutCanvas } from './LayoutCanvas';
import { LayoutPalette } from './LayoutPalette';
import { PropertyPanel } from './PropertyPanel';
import { dropItem, moveElement, pxToMm, removeElement, resizeElement, sampleData, updateElement, updatePage, type PaletteItem } from './layoutEdits';

type DragData = { source: 'palette'; item: PaletteItem } | { source: 'move' | 'resize'; id: string } | undefined;

/** The designer dialog; `value` is the template being edited (its layout, or none yet). */
export default function LayoutDesigner(props: {
  value: PrintTemplateInput;
  definition: FormDefinition;
  saving: boolean;
  onPreview(t: PrintTemplateInput, recordId?: number): Promise<PrintRender | undefined>;
  onSave(t: PrintTemplateInput): Promise<void>;
  onClose(): void;
}) {
  const { message } = AntdApp.useApp();
  const fields = useMemo(() => layoutFieldsOf(props.definition), [props.definition]);
  const sample = useMemo(() => sampleData(fields), [fields]);
  const [name, setName] = useState(props.value.name);
  const [layout, setLayout] = useState<PrintLayoutModel>(props.value.layout ?? emptyLayout());
  const [selected, setSelected] = useState<string | null>(null);
  const [recordId, setRecordId] = useState<number | undefined>();
  const [preview, setPreview] = useState<PrintRender | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const formName = props.value.formName;
  const records = useQuery({ queryKey: ['print', 'layoutRecords', formName], queryFn: () => listRecords(formName, { pageNum: 1, pageSize: 50 }) });
  const first = fields.main[0]?.enName;
  const recordOptions = (records.data?.rows ?? []).map((r) => ({ value: Number(r.id), label: `#${r.id} ${first && r[first] != null ? String(r[first]) : ''}` }));
  const template = (): PrintTemplateInput => ({ ...props.value, name: name.trim(), body: '', layout });

  const onDragEnd = (e: DragEndEvent) => {
    const data = e.active.data.current as DragData;
    const dx = pxToMm(e.delta.x), dy = pxToMm(e.delta.y);
    if (data?.source === 'move') setLayout((l) => moveElement(l, data.id, dx, dy));
    else if (data?.source === 'resize') setLayout((l) => resizeElement(l, data.id, dx, dy));
    else if (data?.source === 'palette' && e.over?.id === 'page') {
      // Where the dragged item's top-left corner was let go, relative to the page.
      const from = e.active.rect.current.translated;
      if (!from) return;
      const at = { x: pxToMm(from.left - e.over.rect.left), y: pxToMm(from.top - e.over.rect.top) };
      const next = dropItem(layout, data.item, at, fields);
      setLayout(next.layout);
      setSelected(next.id);
    }
  };

  const save = async () => {
    if (!name.trim()) return void message.error('模版名称不能为空');
    const checked = validateLayout(layout, fields);
    if (!checked.layout) return void message.error(checked.errors[0].message);
    await props.onSave(template());
  };
  const exportJson = () => {
    const url = URL.createObjectURL(new Blob([JSON.stringify(layout, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${name.trim() || '打印版式'}.json`;
    a.click();
    URL.revokeObjectURL(url);
  };
  const importJson = async (file: File) => {
    let parsed: unknown;
    try { parsed = JSON.parse(await file.text()); } catch { return void message.error('文件不是有效的JSON'); }
    const checked = validateLayout(parsed, fields);
    if (!checked.layout) return void message.error(checked.errors[0].message);
    setLayout(checked.layout);
    setSelected(null);
    void message.success('导入成功');
  };
  const el = layout.elements.find((x) => x.id === selected);

  return (
    <Modal title={props.value.id ? '修改版式模版' : '新增版式模版'} open width="96vw" style={{ top: 12 }} maskClosable={false} onCancel={props.onClose}
      footer={<Space><Button onClick={props.onClose}>取 消</Button><Button type="primary" loading={props.saving} onClick={() => void save().catch(() => undefined)}>保 存</Button></Space>}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Input aria-label="模版名称" placeholder="模版名称" maxLength={50} value={name} onChange={(e) => setName(e.target.value)} style={{ width: 180 }} />
        <Select aria-label="纸张" value={layout.paper} style={{ width: 140 }} options={LAYOUT_PAPERS.map((p) => ({ value: p, label: LAYOUT_PAPER_LABELS[p] }))}
          onChange={(paper) => setLayout((l) => updatePage(l, { paper, ...(paper === 'custom' ? { width: l.width ?? 210, height: l.height ?? 297 } : {}) }))} />
        {layout.paper === 'custom' ? (
          <>
            <InputNumber aria-label="纸宽" prefix="宽" suffix="mm" min={50} max={1200} value={layout.width} onChange={(v) => setLayout((l) => updatePage(l, { width: Number(v ?? 210) }))} style={{ width: 130 }} />
            <InputNumber aria-label="纸高" prefix="高" suffix="mm" min={50} max={1200} value={layout.height} onChange={(v) => setLayout((l) => updatePage(l, { height: Number(v ?? 297) }))} style={{ width: 130 }} />
          </>
        ) : null}
        {layout.paper === 'A4' || layout.paper === 'A5' ? (
          <Radio.Group value={layout.orientation} onChange={(e) => setLayout((l) => updatePage(l, { orientation: e.target.value }))} options={[{ value: 'portrait', label: '纵向' }, { value: 'landscape', label: '横向' }]} />
        ) : null}
        <InputNumber aria-label="页眉高" prefix="页眉高" suffix="mm" min={0} max={200} value={layout.headerHeight} onChange={(v) => setLayout((l) => updatePage(l, { headerHeight: Number(v ?? 0) }))} style={{ width: 170 }} />
        <InputNumber aria-label="页脚高" prefix="页脚高" suffix="mm" min={0} max={200} value={layout.footerHeight} onChange={(v) => setLayout((l) => updatePage(l, { footerHeight: Number(v ?? 0) }))} style={{ width: 170 }} />
        <Button onClick={exportJson}>导出JSON</Button>
        <Upload accept=".json,application/json" showUploadList={false} beforeUpload={(file) => { void importJson(file); return false; }}><Button>导入JSON</Button></Upload>
      </Space>
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
          <LayoutPalette fields={fields} />
          <LayoutCanvas layout={layout} sample={sample} selected={selected} onSelect={setSelected} />
          <div style={{ width: 250, flex: 'none', maxHeight: '75vh', overflow: 'auto' }}>
            <PropertyPanel el={el} fields={fields} onChange={(patch) => selected && setLayout((l) => updateElement(l, selected, patch as Partial<LayoutElement>))} onRemove={() => { if (selected) setLayout((l) => removeElement(l, selected)); setSelected(null); }} />
          </div>
        </div>
      </DndContext>
      <Space style={{ marginTop: 8 }}>
        <Select aria-label="预览记录" placeholder="选择一条记录预览" allowClear style={{ width: 260 }} loading={records.isFetching} options={recordOptions} value={recordId} onChange={setRecordId} />
        <Button onClick={() => void props.onPreview(template(), recordId).then((r) => setPreview(r ?? null))}>预览</Button>
      </Space>
      {preview ? <PrintPreview render={preview} /> : null}
    </Modal>
  );
}
