/** The lines a refused batch edit shows: one per refusal, naming the record and the field. */
import type { FieldError } from '../../../shared/envelope';
import type { FormDefinition } from '../../../../schema-adapters/definition/types';

/**
 * `{id}` → `{record}：{message}`; `{id}.{field}` → `{record}「{label}」：{message}`, where {record}
 * is what the user calls it — the server's `label` (serial number or title, issue 27 item 5) —
 * else `记录 {id}`.
 */
export function refusalLines(errors: FieldError[], def: FormDefinition): string[] {
  return errors.map((e) => {
    const [id, field] = e.field.split(/\.(.*)/s);
    const record = e.label ?? `记录 ${id}`;
    const label = field ? def.fields.find((f) => f.enName === field.replace(/\$\w+$/, ''))?.label ?? field : undefined;
    return label ? `${record}「${label}」：${e.message}` : `${record}：${e.message}`;
  });
}
