/** Sample rows for the preview's list columns: plausible values per field type, deterministic. */
import type { FieldDefinition, FormDefinition } from '../../../schema-adapters/definition/types';

const NAMES = ['甲', '乙', '丙', '丁', '戊'];

function sampleValue(f: FieldDefinition, i: number): unknown {
  const pick = <T,>(list: T[]): T => list[i % list.length];
  switch (f.funcType) {
    case 'input': case 'textarea': case 'business': return `${f.label}${i + 1}`;
    case 'number': return Number(((i + 1) * 1234.5).toFixed(f.precision ?? 0));
    case 'rate': return (i % 5) + 1;
    case 'select': case 'radio': return f.options?.length ? pick(f.options).value : `选项${i + 1}`;
    case 'checkbox': return f.options?.length ? [pick(f.options).value] : [];
    case 'cascader': return f.options?.length ? [pick(f.options).value] : [];
    case 'switch': return i % 2 === 0;
    case 'color': return pick(['red', 'yellow', 'green']);
    case 'dateStamp': return `2026-0${(i % 9) + 1}-1${i % 10}`;
    case 'timeOnly': return `0${i % 10}:30:00`;
    case 'serialNumber': return `NO-${String(i + 1).padStart(4, '0')}`;
    case 'sysStatus': return pick([1, 0, -1, -2]);
    case 'position': return `116.${39 + i},39.9${i}`;
    default: return null;
  }
}

/** `n` rows of the definition, with `$view` companions for user, dept and related fields. */
export function sampleRows(def: FormDefinition, n = 5): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => {
    const row: Record<string, unknown> = { id: i + 1, sys_status: [1, 0, -1, -2][i % 4] };
    for (const f of def.fields) {
      if (f.funcType === 'dateRange') { row[`${f.enName}$start`] = `2026-01-0${i + 1}`; row[`${f.enName}$end`] = `2026-12-0${i + 1}`; continue; }
      if (['user', 'dept', 'relatedForm'].includes(f.funcType)) { row[f.enName] = i + 1; row[`${f.enName}$view`] = `${f.label}${NAMES[i % NAMES.length]}`; continue; }
      row[f.enName] = sampleValue(f, i);
    }
    return row;
  });
}
