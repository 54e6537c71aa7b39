/** Form-level settings: names, flow, owner fields, list columns, totals, fixed and virtual columns, checks and buttons. */
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { canOwn } from '../../../../schema-adapters/definition/ownerFields';
import type { DefinitionProblem } from '../../../../schema-adapters/definition/validateDefinition';
import { takenNames, type Draft } from './draft';
import { ButtonsEditor } from './ButtonsEditor';
import { FormChecksEditor } from './FormChecksEditor';
import { ListColumnsEditor } from './ListColumnsEditor';
import { TotalsEditor } from './TotalsEditor';
import { VirtualColumnsEditor } from './VirtualColumnsEditor';
import { problemLine } from './designerTexts';

/** What the settings need. */
export interface FormSettingsProps {
  draft: Draft;
  problems: DefinitionProblem[];
  onChange: (patch: Record<string, unknown>, group?: string) => void;
}

/** The settings form. */
export function FormSettings({ draft, problems, onChange }: FormSettingsProps) {
  const at = (prefix: string) => problems.filter((p) => p.path === prefix || p.path.startsWith(`${prefix}[`) || p.path.startsWith(`${prefix}.`));
  const help = (prefix: string) => {
    const list = at(prefix);
    return list.length ? { validateStatus: 'error' as const, help: problemLine(list) } : {};
  };
  // Owner fields (数据归属, ADR 1041): single user / dept fields of the main form.
  const owners = (type: 'user' | 'dept') => draft.fields.filter((f) => canOwn(f, type)).map((f) => ({ value: f.enName, label: `${f.label}（${f.enName}）` }));
  return (
    <Form layout="vertical" size="small" className="fw-form-settings">
      <Form.Item label="表单名称" {...help('cnName')}>
        <Input aria-label="表单名称" value={draft.cnName} onChange={(e) => onChange({ cnName: e.target.value }, 'form.cnName')} />
      </Form.Item>
      <Form.Item label="表单英文名" {...help('enName')} extra={draft.id != null ? '已保存的表单不能改英文名' : '小写字母开头，只含小写字母、数字和下划线'}>
        <Input aria-label="表单英文名" value={draft.enName} disabled={draft.id != null} onChange={(e) => onChange({ enName: e.target.value }, 'form.enName')} />
      </Form.Item>
      <Form.Item label="流程表单">
        <Switch aria-label="流程表单" checked={draft.hasFlow === true} onChange={(v) => onChange({ hasFlow: v })} />
      </Form.Item>
      <Form.Item label="归属人字段" {...help('feature.ownerUserField')} extra="数据权限“仅本人”按此用户字段判断记录归属；不选则按创建人">
        <Select aria-label="归属人字段" allowClear placeholder="创建人" options={owners('user')} value={draft.feature?.ownerUserField as string | undefined}
          onChange={(v?: string) => onChange({ 'feature.ownerUserField': v || undefined }, 'form.feature.ownerUserField')} />
      </Form.Item>
      <Form.Item label="归属部门字段" {...help('feature.ownerDeptField')} extra="数据权限“本部门”“本部门及以下”“自定义部门”按此部门字段判断记录归属；不选则按创建人的部门">
        <Select aria-label="归属部门字段" allowClear placeholder="创建人的部门" options={owners('dept')} value={draft.feature?.ownerDeptField as string | undefined}
          onChange={(v?: string) => onChange({ 'feature.ownerDeptField': v || undefined }, 'form.feature.ownerDeptField')} />
      </Form.Item>
      <Form.Item label="固定列数" {...help('feature.fixColumns')} extra="列表左侧固定不随横向滚动的前几列；单个字段也可在下方列表列中固定在左侧或右侧">
        <InputNumber aria-label="固定列数" min={0} value={draft.feature?.fixColumns ?? null} onChange={(v) => onChange({ 'feature.fixColumns': v ?? undefined })} />
      </Form.Item>
      <Form.Item label="前 N 列" {...help('firstNColumns')}>
        <InputNumber aria-label="前N列" min={0} value={draft.firstNColumns ?? null} onChange={(v) => onChange({ firstNColumns: v ?? undefined })} />
      </Form.Item>
      <Form.Item label="列表列" {...help('feature.pcTableElements')} extra="列表按字段顺序显示；不勾选的字段不在列表中显示；固定的列在横向滚动时留在列表左侧或右侧">
        <ListColumnsEditor fields={draft.fields} value={draft.feature?.pcTableElements} onChange={(v) => onChange({ 'feature.pcTableElements': v }, 'form.feature.pcTableElements')} />
      </Form.Item>
      <Form.Item label="合计" {...help('feature.columnEvalList')} extra="在列表底部合计所选数字字段">
        <TotalsEditor fields={draft.fields} value={draft.feature?.columnEvalList} onChange={(v) => onChange({ 'feature.columnEvalList': v }, 'form.feature.columnEvalList')} />
      </Form.Item>
      <Form.Item label="虚拟列" {...help('feature.virtualColumns')} extra="按计算式从每行的值算出的列表列；计算式用字段英文名，如 ${sl} * ${price}">
        <VirtualColumnsEditor taken={takenNames(draft)} value={draft.feature?.virtualColumns} onChange={(v) => onChange({ 'feature.virtualColumns': v }, 'form.feature.virtualColumns')} />
      </Form.Item>
      <Form.Item label="表单检查" {...help('feature.formChecks')} extra="保存、删除或作废时由服务器检查的条件">
        <FormChecksEditor value={draft.feature?.formChecks} onChange={(v) => onChange({ 'feature.formChecks': v }, 'form.feature.formChecks')} />
      </Form.Item>
      <Form.Item label="按钮" {...help('buttons')} extra="列表工具栏或行操作列中的按钮：系统动作，或按顺序执行的自定义动作">
        <ButtonsEditor formName={draft.enName} fields={draft.fields} value={draft.buttons} onChange={(v) => onChange({ buttons: v }, 'form.buttons')} />
      </Form.Item>
    </Form>
  );
}
