import type { FormDefinition } from '../definition/types';

/** The `calcd` part of a getCalcdValue request (CONTRACT.md §7) for the form's columnEvalList. */
export function totalsRequest(def: FormDefinition): Record<string, { operation: ('sum' | 'avg')[]; precision: number }> {
  const out: Record<string, { operation: ('sum' | 'avg')[]; precision: number }> = {};
  for (const entry of def.feature?.columnEvalList ?? []) {
    const field = def.fields.find((f) => f.enName === entry.enName);
    if (!field) continue;
    const operation: ('sum' | 'avg')[] = entry.type === 'both' ? ['sum', 'avg'] : entry.type === 'sum' ? ['sum'] : ['avg'];
    out[entry.enName] = { operation, precision: field.precision ?? 2 };
  }
  return out;
}
