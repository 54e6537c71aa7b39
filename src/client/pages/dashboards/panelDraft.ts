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

/** The panel after a change of kind: a KPI drops its grouping, a chart gets the first group field. */
export function withKind(p: Panel, kind: Panel['kind'], def: FormDefinition | undefined): Panel {
  if (kind === 'kpi') return { ...p, kind, groupBy: undefined };
  const first = groupFields(def)[0];
  return { ...p, kind, groupBy: p.groupBy ?? (first ? { field: first.value, ...(first.date ? { bucket: 'month' as const } : {}) } : undefined) };
}
