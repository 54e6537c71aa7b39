/**
 * The live form of a definition in add / edit / detail / flow mode under a switchable user
 * context: `PreviewFormPanel` is the renderer of /preview (PreviewPage) and of the form designer's
 * preview beside its canvas (`LivePreview`); the schema and form come from previewForm.ts.
 */
import { Alert, Card, Segmented, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import { RecordFormView } from '../form/RecordFormView';
import type { FormMode } from '../form/formSchema';
import { usePreviewForm, usePreviewModes, type BuiltPreview, type PreviewModes } from './previewForm';
import { UserContextSwitcher } from './UserContextSwitcher';

const MODES: { label: string; value: FormMode }[] = [
  { label: '新增', value: 'add' },
  { label: '编辑', value: 'edit' },
  { label: '详情', value: 'detail' },
  { label: '流程', value: 'flow' },
];

/** The mode switch, the flow's hidden fields, the user context and the form (or `empty` when there is none). */
export function PreviewFormPanel({ def, built, modes, empty, extra }: { def: FormDefinition | null; built: BuiltPreview | null; modes: PreviewModes; empty: string; extra?: ReactNode }) {
  const { mode, setMode, ctx, setCtx, visibleMap, setVisibleMap } = modes;
  return (
    <Space direction="vertical" style={{ width: '100%' }} className="fw-live-preview">
      <Space wrap>
        <Segmented aria-label="表单模式" options={MODES} value={mode} onChange={(v) => setMode(v as FormMode)} />
        {mode === 'flow' ? (
          <Select aria-label="流程中隐藏的字段" mode="multiple" placeholder="流程中隐藏的字段" style={{ minWidth: 240 }} options={(def?.fields ?? []).map((f) => ({ label: f.label, value: f.enName }))} value={Object.keys(visibleMap).filter((k) => visibleMap[k] === false)} onChange={(hidden: string[]) => setVisibleMap(Object.fromEntries(hidden.map((h) => [h, false])))} />
        ) : null}
      </Space>
      <UserContextSwitcher ctx={ctx} onChange={setCtx} />
      {def && built ? (
        <Card size="small" title={`${def.cnName || '未命名表单'} · ${MODES.find((m) => m.value === mode)?.label}`} extra={extra}>
          <RecordFormView key={built.key} form={built.form} schema={built.schema} info={{ formName: def.enName, mode, loaded: true, ctx, def, offline: true }} />
        </Card>
      ) : (
        <Alert type="warning" message={empty} />
      )}
    </Space>
  );
}

/** The designer's preview of `def`; `problems` > 0 shows why there is none. */
export function LivePreview({ def, problems }: { def: FormDefinition; problems: number }) {
  const modes = usePreviewModes();
  const usable = problems === 0 && def.fields.length > 0;
  const built = usePreviewForm(usable ? def : null, modes);
  return <PreviewFormPanel def={def} built={built} modes={modes} empty={def.fields.length ? `定义有 ${problems} 个问题，改正后显示预览` : '拖入字段后显示预览'} />;
}
