/**
 * 虚拟列: extra list columns computed from the row, written as the same `feature.virtualColumns`
 * entries the JSON box held ({enName, cnName, expr}); the 计算式 box is the condition editor (same
 * grammar, coloured, with where parsing stops).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { FormFeature } from '../../../../schema-adapters/definition/types';
import { ConditionEditor } from './ConditionEditor';

type VirtualColumn = NonNullable<FormFeature['virtualColumns']>[number];

/** What the editor needs. */
export interface VirtualColumnsEditorProps {
  /** enNames of the form's fields (a new column's name avoids them). */
  taken: ReadonlySet<string>;
  value: VirtualColumn[] | undefined;
  onChange: (next: VirtualColumn[] | undefined) => void;
}

/** The editor: a block per column with 列名称, 英文名 and 计算式, and 添加虚拟列. */
export function VirtualColumnsEditor({ taken, value, onChange }: VirtualColumnsEditorProps) {
  const list = value ?? [];
  const set = (i: number, patch: Partial<VirtualColumn>) => onChange(list.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const add = () => {
    const used = new Set([...taken, ...list.map((c) => c.enName)]);
    let n = list.length + 1;
    while (used.has(`virtual_${n}`)) n++;
    onChange([...list, { enName: `virtual_${n}`, cnName: `虚拟列${n}` }]);
  };
  return (
    <div className="fw-virtual-columns-editor">
      {list.map((c, i) => (
        <div key={i} className="fw-virtual-column" style={{ border: '1px solid #f0f0f0', padding: 6, marginBottom: 6 }}>
          <div style={{ display: 'flex', gap: 4, marginBottom: 4 }}>
            <Input aria-label={`虚拟列${i + 1}名称`} placeholder="列名称" value={c.cnName} onChange={(e) => set(i, { cnName: e.target.value })} />
            <Input aria-label={`虚拟列${i + 1}英文名`} placeholder="英文名" value={c.enName} onChange={(e) => set(i, { enName: e.target.value })} />
            <Button aria-label={`删除虚拟列${i + 1}`} icon={<DeleteOutlined />} onClick={() => onChange(list.length > 1 ? list.filter((_, j) => j !== i) : undefined)} />
          </div>
          <ConditionEditor label={`虚拟列${i + 1}计算式`} value={c.expr ?? ''} onChange={(v) => set(i, { expr: v === '' ? undefined : v })} />
        </div>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={add}>添加虚拟列</Button>
    </div>
  );
}
