import type { FormDefinition } from '../definition/types';

/** How many records a confirmation or a refusal names before "等 N 条" (issue 27 items 3 and 5). */
export const NAMED_RECORDS_MAX = 10;

const text = (v: unknown): string | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : undefined;
};

/**
 * What a user calls a record: its serial number (流水号, unique and printed on paper), else its
 * first filled text field (the title, as an approval's title takes it), else `记录 {id}` — so a
 * confirmation or a refusal names records the way the list shows them, not by database id.
 */
export function recordTitle(def: Pick<FormDefinition, 'fields'>, row: Record<string, unknown>): string {
  for (const f of def.fields) if (f.funcType === 'serialNumber') {
    const v = text(row[f.enName]);
    if (v) return v;
  }
  for (const f of def.fields) if (f.funcType === 'input' || f.funcType === 'textarea') {
    const v = text(row[f.enName]);
    if (v) return v;
  }
  return `记录 ${String(row.id ?? '')}`.trim();
}

/** Names of several records: up to NAMED_RECORDS_MAX joined by 、, then `等 N 条` (N: all of them). */
export function recordNames(titles: string[]): string {
  const shown = titles.slice(0, NAMED_RECORDS_MAX).join('、');
  return titles.length > NAMED_RECORDS_MAX ? `${shown} 等 ${titles.length} 条` : shown;
}
