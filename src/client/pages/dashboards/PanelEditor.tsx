/** One panel in the builder: its form, kind, grouping, measure and filter, beside its live preview. */
import { Button, Input, InputNumber, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { previewPanel, type Panel } from '../../api/dashboards';
import type { FormSummary } from '../../api/forms';
import { queryKeys } from '../../api/queryKeys';
import { useFormDefinition } from '../../controllers/useFormDefinition';
import { DATE_BUCKETS, MEASURE_OPS } from '../../../shared/contract/dashboards';
import { groupFields, isComplete, measureFields, periodFields, withKind } from './panelDraft';
import { PanelView } from './PanelView';
import styles from './dashboards.module.css';

const KINDS: { value: Panel['kind']; label: string }[] = [
  { value: 'kpi', label: '指标数字' }, { value: 'bar', label: '柱状图' }, { value: 'line', label: '折线图' }, { value: 'pie', label: '饼图' },
  { value: 'funnel', label: '漏斗图' }, { value: 'gauge', label: '仪表盘' }, { value: 'map', label: '地图' }, { value: 'table', label: '表格' }, { value: 'progress', label: '进度看板' },
];
const OPS: Record<(typeof MEASURE_OPS)[number], string> = { count: '计数', sum: '求和', avg: '平均值', min: '最小值', max: '最大值' };
const BUCKETS: Record<(typeof DATE_BUCKETS)[number], string> = { day: '按日', month: '按月', year: '按年' };

/** The panel as it is previewed: the draft, 400 ms after the last change. */
function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), 400);
    return () => clearTimeout(t);
  }, [value]);
  return settled;
}

/** Props: the panel, the forms to choose from, and the edits. */
export interface PanelEditorProps {
  panel: Panel;
  forms: FormSummary[];
  onChange(p: Panel): void;
  onRemove(): void;
}

/** The editor row of one panel. */
export function PanelEditor({ panel, forms, onChange, onRemove }: PanelEditorProps) {
  const { definition } = useFormDefinition(panel.form);
  const groups = groupFields(definition);
  const numbers = measureFields(definition);
  const shown = useSettled(panel);
  // Only a complete panel is previewed (an empty title or a chart without grouping is no request).
  const complete = isComplete(shown);
  const periods = periodFields(definition);
  const texts = groups.filter((g) => !g.date);
  const preview = useQuery({ queryKey: queryKeys.dashboards.preview(shown), queryFn: () => previewPanel(shown), retry: false, enabled: complete });
  const group = groups.find((g) => g.value === panel.groupBy?.field);
  const set = (patch: Partial<Panel>) => onChange({ ...panel, ...patch });
  return (
    <div className={styles.editor} data-editor={panel.id}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Input aria-label="标题" style={{ width: 180 }} value={panel.title} maxLength={50} onChange={(e) => set({ title: e.target.value })} />
          <Select aria-label="表单" style={{ width: 180 }} showSearch optionFilterProp="label" value={panel.form}
            options={forms.map((f) => ({ value: f.enName, label: f.cnName || f.enName }))}
            onChange={(form: string) => set({ form, groupBy: undefined, measure: { op: 'count' }, filter: undefined, ...(panel.kind !== 'kpi' ? { kind: 'kpi' as const } : {}) })} />
          <Select aria-label="图表类型" style={{ width: 110 }} value={panel.kind} options={KINDS} onChange={(kind: Panel['kind']) => onChange(withKind(panel, kind, definition))} />
          <Button danger onClick={onRemove}>删除面板</Button>
        </Space>
        {panel.kind === 'progress' ? (
          <Space wrap>
            <Select aria-label="名称字段" style={{ width: 150 }} placeholder="名称字段" value={panel.progress?.label} options={texts}
              onChange={(label: string) => set({ progress: { ...panel.progress, label } })} />
            <Select aria-label="进度字段" style={{ width: 150 }} placeholder="进度字段（0–100）" allowClear value={panel.progress?.percent} options={numbers}
              onChange={(percent?: string) => set({ progress: { ...panel.progress!, percent } })} />
            <Select aria-label="工期字段" style={{ width: 150 }} placeholder="工期（日期范围）" allowClear value={panel.progress?.period} options={periods}
              onChange={(period?: string) => set({ progress: { ...panel.progress!, period } })} />
            <Select aria-label="看板分组" style={{ width: 150 }} placeholder="分组字段" allowClear value={panel.progress?.group} options={texts}
              onChange={(group?: string) => set({ progress: { ...panel.progress!, group } })} />
            <Input aria-label="筛选条件" style={{ width: 320 }} placeholder="筛选条件，如 ${state} == 'building'" value={panel.filter ?? ''} maxLength={2000}
              onChange={(e) => set({ filter: e.target.value || undefined })} />
          </Space>
        ) : (
        <Space wrap>
          {panel.kind === 'gauge' ? (
            <InputNumber aria-label="最大值" style={{ width: 140 }} min={0} placeholder="最大值" value={panel.gauge?.max} addonBefore="最大值"
              onChange={(max) => set({ gauge: { ...panel.gauge, max: typeof max === 'number' && max > 0 ? max : undefined } })} />
          ) : null}
          {panel.kind !== 'kpi' && panel.kind !== 'gauge' ? (
            <>
              <Select aria-label="分组字段" style={{ width: 160 }} placeholder="分组字段" value={panel.groupBy?.field}
                options={groups.map((g) => ({ value: g.value, label: g.label }))}
                onChange={(field: string) => set({ groupBy: { field, ...(groups.find((g) => g.value === field)?.date ? { bucket: 'month' as const } : {}) } })} />
              {group?.date ? (
                <Select aria-label="日期分组" style={{ width: 90 }} value={panel.groupBy?.bucket ?? 'month'}
                  options={DATE_BUCKETS.map((b) => ({ value: b, label: BUCKETS[b] }))}
                  onChange={(bucket: (typeof DATE_BUCKETS)[number]) => set({ groupBy: { field: panel.groupBy!.field, bucket } })} />
              ) : null}
            </>
          ) : null}
          <Select aria-label="统计方式" style={{ width: 100 }} value={panel.measure.op}
            options={MEASURE_OPS.map((o) => ({ value: o, label: OPS[o], disabled: o !== 'count' && !numbers.length }))}
            onChange={(op: Panel['measure']['op']) => set({ measure: op === 'count' ? { op } : { op, field: panel.measure.field ?? numbers[0]?.value } })} />
          {panel.measure.op !== 'count' ? (
            <Select aria-label="统计字段" style={{ width: 150 }} value={panel.measure.field} options={numbers}
              onChange={(field: string) => set({ measure: { op: panel.measure.op, field } })} />
          ) : null}
          <Input aria-label="筛选条件" style={{ width: 320 }} placeholder="筛选条件，如 ${amount} > 10000" value={panel.filter ?? ''} maxLength={2000}
            onChange={(e) => set({ filter: e.target.value || undefined })} />
        </Space>
        )}
      </Space>
      <div className={styles.preview}>
        <PanelView panel={shown} data={preview.data} />
      </div>
    </div>
  );
}
