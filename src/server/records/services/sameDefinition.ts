/**
 * Whether two form definitions say the same (issue 27 item 7: a save that changes nothing makes no
 * new version). Compared as JSON with sorted keys, since PostgreSQL's jsonb keeps its own key order;
 * the row id the read adds is not part of a definition.
 */
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined).map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
  }
  return v;
}

/** True when `a` and `b` differ in nothing but their top-level `id`. */
export function sameDefinition(a: FormDefinition, b: FormDefinition): boolean {
  const { id: _a, ...restA } = a;
  const { id: _b, ...restB } = b;
  return JSON.stringify(canonical(restA)) === JSON.stringify(canonical(restB));
}
