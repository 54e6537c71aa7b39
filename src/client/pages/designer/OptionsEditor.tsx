/** The fixed options of a choice field: label and value per row, add and remove. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import type { FieldOption } from '../../../../schema-adapters/definition/types';

/** The editor. */
export function OptionsEditor({ value, onChange }: { value: FieldOption[] | undefined; onChange: (value: FieldOption[]) => void }) {
  const options = value ?? [];
  const set = (i: number, patch: Partial<FieldOption>) => onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      {options.map((o, i) => (
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Input aria-label={`选项${i + 1}名称`} value={o.label} placeholder="名称" onChange={(e) => set(i, { label: e.target.value })} />
          <Input aria-label={`选项${i + 1}值`} value={String(o.value)} placeholder="值" onChange={(e) => set(i, { value: e.target.value })} />
          <Button aria-label={`删除选项${i + 1}`} icon={<DeleteOutlined />} onClick={() => onChange(options.filter((_, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...options, { label: `选项${options.length + 1}`, value: String(options.length + 1) }])}>添加选项</Button>
    </Space>
  );
}
