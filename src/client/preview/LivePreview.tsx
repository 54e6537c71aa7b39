/**
 * The live form of a definition in add / edit / detail / flow mode under a switchable user
 * context: the renderer of /preview (RecordFormView over pageSchema, sample rows for edit and
 * detail, UserContextSwitcher), for the form designer's preview beside its canvas.
 */
import { createForm } from '@formily/core';
import { Alert, Card, Segmented, Select, Space } from 'antd';
import { useMemo, useRef, useState } from 'react';
import type { FormDefinition, UserContext } from '../../../schema-adapters/definition/types';
import { defaultValues } from '../../../schema-adapters/records/defaultValues';
import { RecordFormView } from '../form/RecordFormView';
import { pageSchema, type FormMode } from '../form/formSchema';
import { revalidateOnChange } from '../form/revalidateOnChange';
import { sampleRows } from './sampleRows';
import { DEFAULT_PREVIEW_USER } from './usePreview';
import { UserContextSwitcher } from './UserContextSwitcher';

const MODES: { label: string; value: FormMode }[] = [
  { label: '新增', value: 'add' },
  { label: '编辑', value: 'edit' },
  { label: '详情', value: 'detail' },
  { label: '流程', value: 'flow' },
];

function safely<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (err) {
    console.warn('预览生成失败', err);
    return null;
  }
}

/** The preview of `def`; `problems` > 0 shows why there is none. */
export function LivePreview({ def, problems }: { def: FormDefinition; problems: number }) {
  const [mode, setMode] = useState<FormMode>('add');
  const [ctx, setCtx] = useState<UserContext>(DEFAULT_PREVIEW_USER);
  const [visibleMap, setVisibleMap] = useState<Record<string, boolean>>({});
  const usable = problems === 0 && def.fields.length > 0;
  const revision = useRef(0);
  const built = useMemo(() => {
    if (!usable) return null;
    revision.current++;
    const flowMap = mode === 'flow' ? visibleMap : undefined;
    const schema = safely(() => pageSchema(def, { mode, ctx, visibleMap: flowMap }));
    const row = mode === 'edit' || mode === 'detail' ? sampleRows(def)[0] : undefined;
    const values = { ...defaultValues(def, ctx), ...rowAsValues(def, row) };
    const form = safely(() => createForm({ initialValues: values, effects: revalidateOnChange }));
    return schema && form ? { schema, form, key: revision.current } : null;
  }, [usable, def, mode, ctx, visibleMap]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} className="fw-live-preview">
      <Space wrap>
        <Segmented aria-label="表单模式" options={MODES} value={mode} onChange={(v) => setMode(v as FormMode)} />
        {mode === 'flow' ? (
          <Select aria-label="流程中隐藏的字段" mode="multiple" placeholder="流程中隐藏的字段" style={{ minWidth: 200 }} options={def.fields.map((f) => ({ label: f.label, value: f.enName }))} value={Object.keys(visibleMap).filter((k) => visibleMap[k] === false)} onChange={(hidden: string[]) => setVisibleMap(Object.fromEntries(hidden.map((h) => [h, false])))} />
        ) : null}
      </Space>
      <UserContextSwitcher ctx={ctx} onChange={setCtx} />
      {built ? (
        <Card size="small" title={`${def.cnName || '未命名表单'} · ${MODES.find((m) => m.value === mode)?.label}`}>
          <RecordFormView key={built.key} form={built.form} schema={built.schema} info={{ formName: def.enName, mode, loaded: true, ctx, def, offline: true }} />
        </Card>
      ) : (
        <Alert type="warning" message={def.fields.length ? `定义有 ${problems} 个问题，改正后显示预览` : '拖入字段后显示预览'} />
      )}
    </Space>
  );
}

/** A sample row as form values (dateRange ends joined). */
function rowAsValues(def: FormDefinition, row: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!row) return {};
  const out: Record<string, unknown> = { ...row };
  for (const f of def.fields) if (f.funcType === 'dateRange') out[f.enName] = [row[`${f.enName}$start`], row[`${f.enName}$end`]];
  return out;
}
