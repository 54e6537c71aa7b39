/** Pure rules of the panel editor: a new panel, which fields may group or be measured. */
import type { FieldDefinition, FormDefinition } from '../../../../schema-adapters/definition/types';
import type { Panel } from '../../../shared/contract/dashboards';

/** Field types a panel may group by as they are, and those grouped by date bucket. */
const GROUP_TYPES = new Set(['select', 'radio', 'switch', 'user', 'dept', 'input', 'business', 'relatedForm', 'number', 'rate']);
const DATE_TYPES = new Set(['dateStamp']);

/** A new panel of `form`: a count by nothing (a KPI number). */
export function newPanel(form: string, existing: Panel[]): Panel {
  let n = existing.length + 1;
  while (existing.some((p) => p.id === `p${n}`)) n++;
  return { id: `p${n}`, title: `面板${n}`, kind: 'kpi', form, measure: { op: 'count' } };
}

/** Main-table fields of a definition (sub-forms and layout left out). */
function mainFields(def: FormDefinition | undefined): FieldDefinition[] {
  return (def?.fields ?? []).filter((f) => f.funcType !== 'subForm');
}

/** Fields a panel may group by, each with whether it is a date (grouped by day / month / year). */
export function groupFields(def: FormDefinition | undefined): { value: string; label: string; date: boolean }[] {
  return mainFields(def)
    .filter((f) => GROUP_TYPES.has(f.funcType) || DATE_TYPES.has(f.funcType))
    .map((f) => ({ value: f.enName, label: f.label ?? f.enName, date: DATE_TYPES.has(f.funcType) }));
}

/** Number fields a panel may sum, average or take the least / greatest of. */
export function measureFields(def: FormDefinition | undefined): { value: string; label: string }[] {
  return mainFields(def).filter((f) => f.funcType === 'number').map((f) => ({ value: f.enName, label: f.label ?? f.enName }));
}

/** Date range fields (a progress board's 工期). */
export function periodFields(def: FormDefinition | undefined): { value: string; label: string }[] {
  return mainFields(def).filter((f) => f.funcType === 'dateRange').map((f) => ({ value: f.enName, label: f.label ?? f.enName }));
}

/**
 * The panel after a change of kind: a KPI or a gauge drops its grouping (a gauge gets a scale of
 * 100), a progress board takes the first text field as its names and the first number or date
 * range as its bars, a chart gets the first group field. Settings of another kind are dropped.
 */
export function withKind(p: Panel, kind: Panel['kind'], def: FormDefinition | undefined): Panel {
  const base: Panel = { ...p, kind, gauge: undefined, progress: undefined, link: undefined };
  if (kind === 'kpi') return { ...base, groupBy: undefined };
  if (kind === 'gauge') return { ...base, groupBy: undefined, gauge: p.gauge ?? { max: 100 } };
  if (kind === 'progress') {
    const label = groupFields(def).find((g) => !g.date)?.value;
    const percent = measureFields(def)[0]?.value;
    const period = periodFields(def)[0]?.value;
    return { ...base, groupBy: undefined, measure: { op: 'count' }, progress: p.progress ?? (label ? { label, ...(percent ? { percent } : {}), ...(period ? { period } : {}) } : undefined) };
  }
  const first = groupFields(def)[0];
  return { ...base, groupBy: p.groupBy ?? (first ? { field: first.value, ...(first.date ? { bucket: 'month' as const } : {}) } : undefined) };
}

/** Whether a draft is complete enough to preview (a chart needs its grouping, a gauge its scale, a board its names and bars). */
export function isComplete(p: Panel): boolean {
  if (!p.title.trim() || !p.form) return false;
  if (p.kind === 'progress') return !!p.progress?.label && !!(p.progress.percent || p.progress.period || (p.progress.start && p.progress.end));
  if (p.measure.op !== 'count' && !p.measure.field) return false;
  if (p.kind === 'gauge') return !!(p.gauge?.max || p.gauge?.total);
  return p.kind === 'kpi' || !!p.groupBy;
}
