/** The lines a refused batch edit shows: one per refusal, naming the record and the field. */
import type { FieldError } from '../../../shared/envelope';
import type { FormDefinition } from '../../../../schema-adapters/definition/types';

/** `{id}` → `记录 {id}：{message}`; `{id}.{field}` → `记录 {id}「{label}」：{message}`. */
export function refusalLines(errors: FieldError[], def: FormDefinition): string[] {
  return errors.map((e) => {
    const [id, field] = e.field.split(/\.(.*)/s);
    const label = field ? def.fields.find((f) => f.enName === field.replace(/\$\w+$/, ''))?.label ?? field : undefined;
    return label ? `记录 ${id}「${label}」：${e.message}` : `记录 ${id}：${e.message}`;
  });
}
