/**
 * The sub-form drawers of spec 01 §2.6: the detail drawer (60 %, title 搜索, row numbers, page sizes
 * 20/30/50/80) and the search-condition drawer (50 %, one condition input per visible column,
 * buttons 确 定 and 取 消).
 */
import { Button, Drawer, Form, Input, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { EMPTY_DISPLAY } from '../../../schema-adapters/display/displayText';
import type { ColumnModel } from '../../../schema-adapters/columns/columnModel';
import { useConstantColumns } from '../controllers/useConstantColumns';
import { cellText } from './data/cellText';

/** A column of the drawers: the sub-form's list column (the same formatter as list and form). */
export type SubColumn = ColumnModel;

/** Rows whose display text contains every condition (case-insensitive). */
export function filterRows(rows: Record<string, unknown>[], columns: SubColumn[], conditions: Record<string, string>): Record<string, unknown>[] {
  const active = columns.filter((c) => conditions[c.key]?.trim());
  if (!active.length) return rows;
  return rows.filter((r) => active.every((c) => cellText(c, r).toLowerCase().includes(conditions[c.key].trim().toLowerCase())));
}

/** The detail drawer with its own search-condition drawer. */
export function SubFormDetailDrawer({ open, onClose, rows, columns, indexes }: { open: boolean; onClose: () => void; rows: Record<string, unknown>[]; columns: SubColumn[]; indexes: string[] }) {
  const [conditions, setConditions] = useState<Record<string, string>>({});
  const [searchOpen, setSearchOpen] = useState(false);
  const [form] = Form.useForm<Record<string, string>>();
  const indexed = useMemo(() => rows.map((r, i) => ({ ...r, __index: indexes[i] })), [rows, indexes]);
  const resolved = useConstantColumns(columns);
  const shown = filterRows(indexed, resolved, conditions);
  return (
    <Drawer title="搜索" width="60%" open={open} onClose={onClose} destroyOnHidden extra={<Button onClick={() => setSearchOpen(true)}>搜索条件</Button>}>
      <Table
        size="small"
        rowKey={(r) => String(r.__index)}
        dataSource={shown}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: '__index', title: '序号', width: 70, render: (_: unknown, r: Record<string, unknown>) => String(r.__index) },
          ...resolved.map((c) => ({ key: c.key, title: c.header, render: (_: unknown, r: Record<string, unknown>) => cellText(c, r) || EMPTY_DISPLAY })),
        ]}
        pagination={{ defaultPageSize: 20, pageSizeOptions: [20, 30, 50, 80], showSizeChanger: true, showTotal: (t) => `共 ${t} 条` }}
      />
      <Drawer
        title="搜索条件"
        width="50%"
        open={searchOpen}
        onClose={() => setSearchOpen(false)}
        footer={
          <Space>
            <Button type="primary" onClick={() => { setConditions(form.getFieldsValue()); setSearchOpen(false); }}>确 定</Button>
            <Button onClick={() => setSearchOpen(false)}>取 消</Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical">
          {columns.map((c) => (
            <Form.Item key={c.key} name={c.key} label={c.header}>
              <Input allowClear placeholder={`请输入${c.header}`} />
            </Form.Item>
          ))}
        </Form>
      </Drawer>
    </Drawer>
  );
}
