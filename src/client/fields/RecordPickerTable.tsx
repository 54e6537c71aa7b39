/**
 * A page of another form's records to pick from (选择关联表单 drawer, sub-form import): keyword
 * search, 20 per page, single or multiple selection.
 */
import { Input, Table } from 'antd';
import { useMemo, useState } from 'react';
import { toColumns } from '../../../schema-adapters/columns/toColumns';
import type { RecordRow } from '../api/recordForm';
import { cellText } from './data/cellText';
import { usePickedForm, usePickerRecords } from './data/usePickerRecords';

interface Props {
  form: string;
  multiple: boolean;
  initFilter?: unknown;
  selected: RecordRow[];
  onSelect: (rows: RecordRow[]) => void;
}

/** The picker table. */
export function RecordPickerTable({ form, multiple, initFilter, selected, onSelect }: Props) {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [keyword, setKeyword] = useState('');
  const def = usePickedForm(form);
  const records = usePickerRecords(form, { pageNum, pageSize, keyword, initFilter });
  const columns = useMemo(
    () =>
      (def ? toColumns(def) : [])
        .filter((c) => c.kind === 'field' && c.visible && c.cell !== 'subForm' && c.cell !== 'files' && c.cell !== 'qrCode' && c.cell !== 'button')
        .slice(0, 8)
        .map((c) => ({ key: c.key, title: c.header, width: Math.min(c.width, 200), ellipsis: true, render: (_: unknown, row: RecordRow) => cellText(c, row) })),
    [def],
  );
  return (
    <div>
      <Input.Search placeholder="请输入关键词搜索" allowClear style={{ maxWidth: 320, marginBottom: 8 }} onSearch={(v) => { setKeyword(v.trim()); setPageNum(1); }} />
      <Table<RecordRow>
        size="small"
        rowKey={(r) => String(r.id)}
        loading={records.isFetching}
        columns={columns}
        dataSource={records.data?.rows ?? []}
        scroll={{ x: 'max-content', y: 480 }}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: selected.map((r) => String(r.id)),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => onSelect(rows.filter(Boolean)),
        }}
        onRow={(row) => ({ onDoubleClick: () => !multiple && onSelect([row]) })}
        pagination={{
          current: pageNum,
          pageSize,
          total: records.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 40, 60, 80, 100],
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => { setPageNum(s !== pageSize ? 1 : p); setPageSize(s); },
        }}
      />
    </div>
  );
}
