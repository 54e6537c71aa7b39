/**
 * 列表列: per field of the form, whether the list shows it, its width and whether it stays in view
 * at the left or right edge on sideways scrolling, written as the same `feature.pcTableElements`
 * entries the JSON box held ({enName, visible, width, fixed}). The list keeps the fields' order
 * (the definition format has no column order), so the editor offers none; a fixed column moves to
 * its edge in the list.
 */
import { Checkbox, InputNumber, Select, Table } from 'antd';
import type { TableElement } from '../../../../schema-adapters/definition/types';
import type { DraftField } from './draft';

/** Field types that are no list column. */
const NOT_COLUMNS = ['groupTitle', 'divider', 'subForm'];

/** What the editor needs. */
export interface ListColumnsEditorProps {
  fields: DraftField[];
  value: TableElement[] | undefined;
  onChange: (next: TableElement[] | undefined) => void;
}

/** The sides a column can be fixed at ('' = scrolls with the others). */
const FIXED_SIDES = [
  { label: '不固定', value: '' },
  { label: '固定在左侧', value: 'left' },
  { label: '固定在右侧', value: 'right' },
];

/** The editor: a row per field with 显示, 宽度（字符） and 固定. */
export function ListColumnsEditor({ fields, value, onChange }: ListColumnsEditorProps) {
  const entries = value ?? [];
  const byName = new Map(entries.map((e) => [e.enName, e]));
  const rows = fields.filter((f) => !NOT_COLUMNS.includes(f.funcType));
  // Entries of other fields (or unknown keys of an entry) stay as they were: only the edited one changes.
  const set = (enName: string, patch: Partial<TableElement>) => {
    const current = byName.get(enName);
    const merged: TableElement = { ...(current ?? { enName }), ...patch };
    if (merged.width === undefined) delete merged.width;
    if (merged.fixed === undefined) delete merged.fixed;
    const next = current ? entries.map((e) => (e === current ? merged : e)) : [...entries, merged];
    onChange(next);
  };
  return (
    <Table<DraftField>
      size="small"
      pagination={false}
      rowKey="__key"
      className="fw-list-columns-editor"
      dataSource={rows}
      locale={{ emptyText: '表单中还没有可显示的字段' }}
      columns={[
        { title: '字段', key: 'label', render: (_, f) => f.label || f.enName },
        {
          title: '显示',
          key: 'visible',
          width: 56,
          render: (_, f) => <Checkbox aria-label={`显示${f.label || f.enName}`} checked={byName.get(f.enName)?.visible !== false} onChange={(e) => set(f.enName, { visible: e.target.checked })} />,
        },
        {
          title: '宽度（字符）',
          key: 'width',
          width: 110,
          render: (_, f) => <InputNumber aria-label={`${f.label || f.enName}宽度`} size="small" min={1} precision={0} placeholder="自动" value={byName.get(f.enName)?.width ?? null} onChange={(v) => set(f.enName, { width: v ?? undefined })} />,
        },
        {
          title: '固定',
          key: 'fixed',
          width: 120,
          render: (_, f) => (
            <Select
              aria-label={`${f.label || f.enName}固定`}
              size="small"
              style={{ width: '100%' }}
              options={FIXED_SIDES}
              value={byName.get(f.enName)?.fixed ?? ''}
              onChange={(v: string) => set(f.enName, { fixed: v === 'left' || v === 'right' ? v : undefined })}
            />
          ),
        },
      ]}
    />
  );
}
