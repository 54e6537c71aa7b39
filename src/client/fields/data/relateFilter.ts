/**
 * A related-form filter with `${field}` references to the current form's values (spec 01 §4: when
 * the filter's parameters change and the selected record no longer matches, the selection is
 * cleared). Pure.
 */

const REF = /^\$\{([a-z][a-z0-9_]*)\}$/;

/** The filter as an object: an object as it is, JSON text parsed, anything else none. */
export function filterObject(filter: unknown): Record<string, unknown> | undefined {
  if (filter && typeof filter === 'object' && !Array.isArray(filter)) return filter as Record<string, unknown>;
  if (typeof filter === 'string' && filter.trim().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(filter);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The names of the form fields a filter refers to (`"${name}"` values). */
export function filterRefs(filter: Record<string, unknown> | undefined): string[] {
  return Object.values(filter ?? {}).flatMap((v) => (typeof v === 'string' && REF.test(v) ? [REF.exec(v)![1]] : []));
}

/** The filter with each `"${name}"` value replaced by the form's value of `name` (null when unset). */
export function resolveFilter(filter: Record<string, unknown> | undefined, values: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!filter) return undefined;
  return Object.fromEntries(Object.entries(filter).map(([k, v]) => {
    const m = typeof v === 'string' ? REF.exec(v) : null;
    return [k, m ? values[m[1]] ?? null : v];
  }));
}

/** The ids still allowed after a filter change: those among `matching`. */
export function keptIds(ids: number[], matching: number[]): number[] {
  const allowed = new Set(matching);
  return ids.filter((id) => allowed.has(id));
}
