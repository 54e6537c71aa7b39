/**
 * What a compact list row (`rowShape: 'compact'`, docs/api-records.md) may leave out and what it
 * must keep. A compact row carries each value once: `sys_status` without its `sysStatus` alias,
 * no `$view` where the definition alone gives the display (fixed options), and only the system
 * columns the list page reads. Anything a condition evaluated on list rows names stays, because a
 * condition over a key the row lacks reads as "field absent" (true), not as the value.
 */
import { compileCondition } from '../conditions/compileCondition';
import { fieldsOf, parseCondition } from '../conditions/parse';
import type { FieldDefinition, FormDefinition } from '../definition/types';
import { usesConfiguredList } from '../fieldTypes/choice';

/** System keys every compact row keeps: the row's identity and its state (the 状态 column, 作废/审核 rules). */
export const COMPACT_SYSTEM_KEYS: readonly string[] = ['id', 'sys_status'];

/**
 * Whether a field's `$view` repeats what its value and the definition already say: a select or
 * cascader with fixed options (the option labels). A configured list's labels (constant lists),
 * user and dept names, related records' titles and positions need a lookup: their `$view` stays.
 */
export function viewFromDefinition(field: Pick<FieldDefinition, 'funcType' | 'selectMode' | 'options'>): boolean {
  if (field.funcType !== 'select' && field.funcType !== 'cascader') return false;
  return !usesConfiguredList(field as FieldDefinition) && Array.isArray(field.options) && field.options.length > 0;
}

function namesOfCondition(source: unknown, out: Set<string>): void {
  if (typeof source !== 'string' || !source.trim()) return;
  for (const name of compileCondition(source).fields) out.add(name);
}

function namesOfExpression(source: unknown, out: Set<string>): void {
  if (typeof source !== 'string' || !source.trim()) return;
  try {
    for (const name of fieldsOf(parseCondition(source))) out.add(name);
  } catch {
    // An expression that does not parse reads nothing (it evaluates to null either way).
  }
}

/**
 * The row keys that list-side expressions read: row buttons' `rightShowCon`, cells' `colorRules`
 * and virtual columns' expressions (the server computes those over the row). A compact row keeps
 * them whatever else it drops, so every expression sees the values the full row would give it.
 */
export function keysReadOnListRows(def: Pick<FormDefinition, 'fields' | 'buttons' | 'feature'>): Set<string> {
  const out = new Set<string>();
  for (const b of def.buttons ?? []) namesOfCondition(b.rightShowCon, out);
  for (const f of def.fields) {
    for (const rule of (Array.isArray(f.colorRules) ? f.colorRules : []) as { when?: unknown }[]) namesOfCondition(rule?.when, out);
  }
  for (const v of def.feature?.virtualColumns ?? []) namesOfExpression(v.expr, out);
  return out;
}
