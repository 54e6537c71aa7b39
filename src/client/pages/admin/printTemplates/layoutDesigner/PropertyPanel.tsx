/** The selected element's properties: position and size in mm, text style, and what it shows. */
import { Button, Checkbox, Form, Input, InputNumber, Radio, Select, Typography, Upload } from 'antd';
import type { LayoutFields } from '../../../../../shared/print/layout/layoutFields';
import { ELEMENT_KIND_LABELS, type ElementStyle, type LayoutElement } from '../../../../../shared/print/layout/layoutModel';
import { uploadFile } from '../../../../api/files';

const BAND_TEXT = { header: '页眉', body: '正文', footer: '页脚' } as const;

/** The panel; `onChange` gets a patch of the element. */
export function PropertyPanel({ el, fields, onChange, onRemove }: { el: LayoutElement | undefined; fields: LayoutFields; onChange: (patch: Partial<LayoutElement>) => void; onRemove: () => void }) {
  if (!el) return <Typography.Text type="secondary">选择页面上的元素以编辑属性</Typography.Text>;
  const style = (patch: ElementStyle) => onChange({ style: { ...el.style, ...patch } });
  const num = (key: 'x' | 'y' | 'w' | 'h', label: string) => (
    <Form.Item label={label} style={{ marginBottom: 6 }}>
      <InputNumber aria-label={label} size="small" min={0} max={1200} step={0.5} value={el[key]} onChange={(v) => onChange({ [key]: Number(v ?? 0) })} style={{ width: '100%' }} />
    </Form.Item>
  );
  const sub = el.kind === 'table' ? fields.subForms.find((s) => s.enName === el.subForm) : undefined;
  return (
    <Form layout="vertical" size="small" aria-label="元素属性">
      <Typography.Text strong>{ELEMENT_KIND_LABELS[el.kind]}（{BAND_TEXT[el.band]}）</Typography.Text>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6, marginTop: 6 }}>
        {num('x', '左(mm)')}{num('y', '上(mm)')}{num('w', '宽(mm)')}{num('h', '高(mm)')}
      </div>
      {el.kind === 'field' ? (
        <>
          <Form.Item label="字段" style={{ marginBottom: 6 }}><Select value={el.field} options={fields.main.map((f) => ({ value: f.enName, label: f.label }))} onChange={(field) => onChange({ field })} /></Form.Item>
          <Form.Item label="显示" style={{ marginBottom: 6 }}><Radio.Group value={el.show} onChange={(e) => onChange({ show: e.target.value })} options={[{ value: 'both', label: '标签和值' }, { value: 'label', label: '标签' }, { value: 'value', label: '值' }]} /></Form.Item>
        </>
      ) : null}
      {el.kind === 'text' ? <Form.Item label="文字" style={{ marginBottom: 6 }}><Input.TextArea aria-label="文字" rows={2} maxLength={500} value={el.text} onChange={(e) => onChange({ text: e.target.value })} /></Form.Item> : null}
      {el.kind === 'pageNumber' ? <Form.Item label="格式（{n} 页码，{m} 总页数）" style={{ marginBottom: 6 }}><Input maxLength={50} value={el.format} onChange={(e) => onChange({ format: e.target.value })} /></Form.Item> : null}
      {el.kind === 'image' ? (
        <Form.Item label="图片" style={{ marginBottom: 6 }}>
          <Upload accept=".png,.jpg,.jpeg,.gif,.webp" showUploadList={false} beforeUpload={(file) => { void uploadFile(file, file.name).then((f) => onChange({ src: `/api/common/download?fileName=${encodeURIComponent(f.fileName)}` })).catch(() => undefined); return false; }}>
            <Button>{el.src ? '更换图片' : '上传图片'}</Button>
          </Upload>
        </Form.Item>
      ) : null}
      {el.kind === 'table' && sub ? (
        <>
          <Form.Item label="列" style={{ marginBottom: 6 }}>
            <Select mode="multiple" value={el.columns.map((c) => c.field)} options={sub.children.map((c) => ({ value: c.enName, label: c.label }))}
              onChange={(list: string[]) => onChange({ columns: list.map((field) => ({ field, width: el.columns.find((c) => c.field === field)?.width ?? Math.max(3, Math.round(el.w / Math.max(1, list.length))) })) })} />
          </Form.Item>
          {el.columns.map((c, i) => (
            <Form.Item key={c.field} label={`${sub.children.find((k) => k.enName === c.field)?.label ?? c.field} 列宽(mm)`} style={{ marginBottom: 4 }}>
              <InputNumber size="small" min={3} max={1200} value={c.width} onChange={(v) => onChange({ columns: el.columns.map((x, j) => (j === i ? { ...x, width: Number(v ?? 3) } : x)) })} />
            </Form.Item>
          ))}
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6 }}>
            <Form.Item label="表头高(mm)" style={{ marginBottom: 6 }}><InputNumber min={3} max={100} value={el.headerHeight} onChange={(v) => onChange({ headerHeight: Number(v ?? 8) })} /></Form.Item>
            <Form.Item label="行高(mm)" style={{ marginBottom: 6 }}><InputNumber min={3} max={100} value={el.rowHeight} onChange={(v) => onChange({ rowHeight: Number(v ?? 7) })} /></Form.Item>
          </div>
        </>
      ) : null}
      {el.kind !== 'line' && el.kind !== 'rect' && el.kind !== 'image' && el.kind !== 'qrcode' ? (
        <>
          <Form.Item label="字号(pt)" style={{ marginBottom: 6 }}><InputNumber aria-label="字号" min={5} max={72} value={el.style?.fontSize ?? 10.5} onChange={(v) => style({ fontSize: Number(v ?? 10.5) })} /></Form.Item>
          <Checkbox checked={!!el.style?.bold} onChange={(e) => style({ bold: e.target.checked })}>加粗</Checkbox>
          <Form.Item label="对齐" style={{ marginBottom: 6 }}><Radio.Group value={el.style?.align ?? 'left'} onChange={(e) => style({ align: e.target.value })} options={[{ value: 'left', label: '左' }, { value: 'center', label: '中' }, { value: 'right', label: '右' }]} /></Form.Item>
        </>
      ) : null}
      {el.kind !== 'table' ? <Form.Item label={el.kind === 'line' || el.kind === 'rect' ? '线宽(mm)' : '边框(mm)'} style={{ marginBottom: 6 }}><InputNumber min={0} max={3} step={0.1} value={el.style?.border ?? (el.kind === 'line' || el.kind === 'rect' ? 0.3 : 0)} onChange={(v) => style({ border: Number(v ?? 0) })} /></Form.Item> : null}
      <Button danger size="small" onClick={onRemove}>删除元素</Button>
    </Form>
  );
}
