/**
 * subForm: an editable table of row objects — add, remove, move rows up and down, row numbers like
 * 1-2 for tree rows, 20 rows a page — with rows imported from another form (选择关联表单 drawer
 * over that form's records) and the detail / search-condition drawers. Each cell is the row
 * field's own schema, so conditions, validators and read-pretty work inside rows as in the form.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ArrayField } from '@formily/core';
import { observer, RecursionField, useField, useFieldSchema, useForm, type ISchema, Schema } from '@formily/react';
import { Button, Space } from 'antd';
import { useFeedback } from '../feedback/useFeedback';
import { lazy, Suspense, useMemo, useState } from 'react';
import { defaultRowValues } from '../../../schema-adapters/records/defaultValues';
import { toColumns } from '../../../schema-adapters/columns/toColumns';
import { EMPTY_DISPLAY } from '../../../schema-adapters/display/displayText';
import type { RecordRow } from '../api/records';
import { importedRow, rowIndexes } from './data/rowIndex';
import { useRecordFormInfo } from './RecordFormContext';
import { useRecordPicker } from './RecordPickerContext';
import type { SubColumn } from './SubFormDrawers';
import { SubFormGrid, type GridColumn } from './SubFormGrid';
import { mayRemoveSubRow, type RemovalPrompts } from './subFormRowRemoval';

// The 查看明细 drawer (antd Form for its search conditions) loads on its first opening, not with the form.
// The import drawer shows after a click on 导入: antd's Drawer is not part of the form's first load
// (issue 15, goal 6; ADR 0408). It stays mounted once opened, so it still animates closed.
const Drawer = lazy(() => import('../routing/lazyAntd/Drawer'));
const SubFormDetailDrawer = lazy(() => import('./SubFormDrawers').then((m) => ({ default: m.SubFormDetailDrawer })));

/** `<br>`-separated server text as lines. */
const lines = (text: string) => text.split(/<br\s*\/?>/i).map((t, i) => <div key={i}>{t}</div>);

/** A row field's schema as a table cell: no label (the header says it), errors under the input. */
function cellSchema(name: string, s: Schema): ISchema {
  const json = s.toJSON() as ISchema;
  return { type: 'void', properties: { [name]: { ...json, title: undefined, 'x-decorator-props': { ...(json['x-decorator-props'] as object), feedbackLayout: 'terse' } } } };
}

/** In a read-only row, a cell whose field a condition hides reads as empty ('-'), like an empty value. */
const HiddenCellMark = observer(function HiddenCellMark({ path }: { path: string }) {
  const form = useForm();
  const f = form.query(path).take();
  return f && f.visible === false ? <span className="fw-empty-text">{EMPTY_DISPLAY}</span> : null;
});

/** Whether a row field is required by its own rule (a condition may still change it per row). */
const isRequired = (s: Schema) => s.required === true || (Array.isArray(s['x-validator']) && (s['x-validator'] as { required?: unknown }[]).some((r) => r?.required === true));

/** subForm. */
export const SubFormTable = observer(function SubFormTable(props: { pageSize?: number }) {
  const field = useField<ArrayField>();
  const schema = useFieldSchema();
  const info = useRecordFormInfo();
  const { Picker } = useRecordPicker();
  const { modal } = useFeedback();
  const prompts: RemovalPrompts = useMemo(() => ({
    stop: (text) => new Promise<void>((resolve) => void modal.warning({ title: '系统提示', content: lines(text), okText: '确定', onOk: () => resolve() })),
    warn: (text) => new Promise<boolean>((resolve) => void modal.confirm({ title: '系统提示', content: lines(text), okText: '确定', cancelText: '取消', onOk: () => resolve(true), onCancel: () => resolve(false) })),
  }), [modal]);
  const [page, setPage] = useState(1);
  const [importOpen, setImportOpen] = useState(false);
  const [importOpened, setImportOpened] = useState(false);
  const [picked, setPicked] = useState<RecordRow[]>([]);
  const [detailOpen, setDetailOpenState] = useState(false);
  // Kept mounted after the first opening so the drawer still animates closed.
  const [detailOpened, setDetailOpened] = useState(false);
  const setDetailOpen = (open: boolean) => { if (open) setDetailOpened(true); setDetailOpenState(open); };
  const pageSize = props.pageSize ?? 20;
  const name = String(field.props.name);
  const subDef = info.def?.fields.find((f) => f.enName === name);
  const importFrom = (subDef?.importFormName ?? subDef?.relateEnName) as string | undefined;
  const rows = (Array.isArray(field.value) ? field.value : []) as Record<string, unknown>[];
  const editable = field.editable;
  const items = schema.items instanceof Schema ? schema.items : undefined;
  const children = items ? Schema.getOrderProperties(items) : [];
  const indexes = rowIndexes(rows);
  const drawerColumns: SubColumn[] = useMemo(
    // Digits grouped as the form shows them (its inputs and read-only numbers always group; only the
    // list follows sys.thousand.separator.enabled), so a row reads the same in the table and here.
    () => (subDef ? toColumns({ enName: name, cnName: name, fields: subDef.children ?? [] }, { settings: { 'sys.thousand.separator.enabled': 'true' } }).filter((c) => c.kind === 'field' && c.visible) : []),
    [subDef, name],
  );
  const hidden = new Set((subDef?.subFormFeature?.pcTableElements ?? []).filter((e) => e.visible === false).map((e) => e.enName));
  // After rows are removed the page shown is at most the last one (antd Table clamped it the same way).
  const current = Math.min(page, Math.max(1, Math.ceil(rows.length / pageSize)));
  const base = (current - 1) * pageSize;
  type GridRow = { __row: number };
  const columns: GridColumn<GridRow>[] = [
    { key: '__index', title: '序号', width: 64, fixed: 'left', render: (r) => indexes[r.__row] },
    ...children
      .filter(({ key: child }) => !hidden.has(child))
      .map(({ key: child, schema: s }): GridColumn<GridRow> => ({
        key: child,
        title: s.title as string,
        width: 180,
        required: editable && isRequired(s),
        render: (r) => (
          <>
            {editable ? null : <HiddenCellMark path={`${field.address.toString()}.${r.__row}.${child}`} />}
            <RecursionField schema={cellSchema(child, s)} name={r.__row} onlyRenderProperties />
          </>
        ),
      })),
    ...(editable
      ? [{
          key: '__actions',
          title: '操作',
          width: 120,
          fixed: 'right' as const,
          render: (r: GridRow) => (
            <Space size={0}>
              <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label="上移" disabled={r.__row === 0} onClick={() => void field.moveUp(r.__row)} />
              <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label="下移" disabled={r.__row === rows.length - 1} onClick={() => void field.moveDown(r.__row)} />
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除行" onClick={() => void mayRemoveSubRow(info, name, rows[r.__row], prompts).then((ok) => (ok ? field.remove(r.__row) : undefined))} />
            </Space>
          ),
        }]
      : []),
  ];
  const addRow = () => {
    void field.push(subDef ? defaultRowValues(subDef, info.ctx) : {});
    setPage(Math.ceil((rows.length + 1) / pageSize));
  };
  const importRows = () => {
    const names = (subDef?.children ?? []).map((c) => c.enName);
    const defaults = subDef ? defaultRowValues(subDef, info.ctx) : {};
    void field.push(...picked.map((r) => importedRow(r, names, defaults)));
    setImportOpen(false);
  };
  return (
    <div className="fw-subform" data-grid-span={2}>
      <SubFormGrid
        label={String(field.title ?? name)}
        rowKey={(r) => r.__row}
        rows={rows.slice(base, base + pageSize).map((_r, i) => ({ __row: base + i }))}
        columns={columns}
        paging={{ current, pageSize, total: rows.length, onChange: setPage }}
      />
      <Space style={{ marginTop: 8 }}>
        {editable ? <Button icon={<PlusOutlined />} onClick={addRow}>添加</Button> : null}
        {editable && importFrom && !info.offline ? <Button onClick={() => { setPicked([]); setImportOpened(true); setImportOpen(true); }}>导入</Button> : null}
        {rows.length ? <Button onClick={() => setDetailOpen(true)}>查看明细</Button> : null}
      </Space>
      {detailOpened ? (
        <Suspense fallback={null}>
          <SubFormDetailDrawer open={detailOpen} onClose={() => setDetailOpen(false)} rows={rows} columns={drawerColumns} indexes={indexes} />
        </Suspense>
      ) : null}
      {importFrom && importOpened ? (
        <Suspense fallback={null}>
          <Drawer
            title="选择关联表单"
            width={1000}
            open={importOpen}
            onClose={() => setImportOpen(false)}
            destroyOnHidden
            extra={
              <Space>
                <Button onClick={() => setImportOpen(false)}>取消</Button>
                <Button type="primary" disabled={!picked.length} onClick={importRows}>确定</Button>
              </Space>
            }
          >
            <Picker enName={importFrom} mode="multiple" sourceForm={info.formName} height="calc(100vh - 200px)" onSelectionChange={setPicked} />
          </Drawer>
        </Suspense>
      ) : null}
    </div>
  );
});
