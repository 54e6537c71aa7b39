/** Form-level settings: names, flow, list columns, totals, fixed and virtual columns, checks and buttons. */
import { Button, Form, Input, InputNumber, Switch } from 'antd';
import type { DefinitionProblem } from '../../../../schema-adapters/definition/validateDefinition';
import type { Draft } from './draft';
import { JsonEditor } from './JsonEditor';

/** What the settings need. */
export interface FormSettingsProps {
  draft: Draft;
  problems: DefinitionProblem[];
  onChange: (patch: Record<string, unknown>, group?: string) => void;
}

const JSON_SETTINGS: { key: string; label: string; read: (d: Draft) => unknown }[] = [
  { key: 'feature.pcTableElements', label: '列表列 pcTableElements', read: (d) => d.feature?.pcTableElements },
  { key: 'feature.columnEvalList', label: '合计列 columnEvalList', read: (d) => d.feature?.columnEvalList },
  { key: 'feature.virtualColumns', label: '虚拟列 virtualColumns', read: (d) => d.feature?.virtualColumns },
  { key: 'feature.formChecks', label: '表单检查 formChecks', read: (d) => d.feature?.formChecks },
  { key: 'buttons', label: '按钮 buttons', read: (d) => d.buttons },
];

/** The settings form. */
export function FormSettings({ draft, problems, onChange }: FormSettingsProps) {
  const at = (prefix: string) => problems.filter((p) => p.path === prefix || p.path.startsWith(`${prefix}[`) || p.path.startsWith(`${prefix}.`));
  const help = (prefix: string) => {
    const list = at(prefix);
    return list.length ? { validateStatus: 'error' as const, help: list.map((p) => `${p.path}：${p.message}`).join('；') } : {};
  };
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
      <Form.Item label="固定列数 fixColumns" {...help('feature.fixColumns')}>
        <InputNumber aria-label="固定列数" min={0} value={draft.feature?.fixColumns ?? null} onChange={(v) => onChange({ 'feature.fixColumns': v ?? undefined })} />
      </Form.Item>
      <Form.Item label="前 N 列 firstNColumns" {...help('firstNColumns')}>
        <InputNumber aria-label="前N列" min={0} value={draft.firstNColumns ?? null} onChange={(v) => onChange({ firstNColumns: v ?? undefined })} />
      </Form.Item>
      {JSON_SETTINGS.map((s) => (
        <Form.Item key={s.key} label={s.label} {...help(s.key.replace(/^feature\./, 'feature.'))}>
          <JsonEditor label={s.label} value={s.read(draft)} onChange={(v) => onChange({ [s.key]: v }, `form.${s.key}`)} />
          {s.key === 'feature.pcTableElements' ? (
            <Button size="small" style={{ marginTop: 4 }} onClick={() => onChange({ 'feature.pcTableElements': draft.fields.filter((f) => !['groupTitle', 'divider', 'subForm'].includes(f.funcType)).map((f) => ({ enName: f.enName, visible: true })) })}>按字段生成</Button>
          ) : null}
        </Form.Item>
      ))}
    </Form>
  );
}
