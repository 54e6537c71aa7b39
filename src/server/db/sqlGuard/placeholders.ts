/**
 * `${field}`, `$${…}` and `#{…}` in a `$sql` condition become `$1`, `$2`, … before the text is
 * parsed, so the guard checks exactly the text that runs and every value is a bound parameter.
 */

/** What one `$n` stands for. */
export type Placeholder =
  | { kind: 'field'; name: string }
  | { kind: 'user'; name: string }
  /** `$${…}`: a reference nobody resolves; bound as null. */
  | { kind: 'unresolved'; name: string };

export interface PreparedSql {
  /** The SELECT with placeholders replaced by `$1`, `$2`, … (the same placeholder reuses its number). */
  text: string;
  params: Placeholder[];
}

const PLACEHOLDER = /\$\$\{([^}]*)\}|\$\{([a-z][a-z0-9_]*)\}|#\{([A-Za-z]+)\}/g;

/** Replaces the placeholders of a condition's SQL by positional parameters. */
export function prepareSqlText(source: string): PreparedSql {
  const params: Placeholder[] = [];
  const keys: string[] = [];
  const text = source.replace(PLACEHOLDER, (_m, unresolved: string | undefined, field: string | undefined, user: string | undefined) => {
    const p: Placeholder = field !== undefined ? { kind: 'field', name: field }
      : user !== undefined ? { kind: 'user', name: user } : { kind: 'unresolved', name: unresolved ?? '' };
    const key = `${p.kind}:${p.name}`;
    let i = keys.indexOf(key);
    if (i < 0) { keys.push(key); params.push(p); i = keys.length - 1; }
    // A space after the number: `${a}1` must not become `$11`.
    return `$${i + 1} `;
  });
  return { text, params };
}

/** The SELECT inside `$sql(…)`, or null when the condition is not a `$sql` one. */
export function sqlOfCondition(condition: unknown): string | null {
  if (typeof condition !== 'string') return null;
  const m = /^\s*\$sql\s*\(([\s\S]*)\)\s*$/i.exec(condition);
  return m ? m[1].trim() : null;
}
