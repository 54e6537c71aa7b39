/** A `$sql(…)` hide condition prepared for the server: positional parameters in field order. */
export interface SqlCondition {
  /** The SELECT with each `${field}` replaced by `$1`, `$2`, … (the same field reuses its number). */
  text: string;
  /** Field name bound to `$1`, `$2`, … */
  params: string[];
}

const SQL_PREFIX = /^\s*\$sql\s*\(/i;

/** True when a condition is of the `$sql(…)` form. */
export function isSqlCondition(source: string): boolean {
  return SQL_PREFIX.test(source);
}

/** Extracts the SELECT of a `$sql(…)` condition and binds its `${field}` references as parameters. */
export function parseSqlCondition(source: string): SqlCondition {
  const trimmed = source.trim();
  const open = trimmed.indexOf('(');
  if (!trimmed.endsWith(')')) throw new Error('$sql( 条件缺少结尾的 “)”');
  const body = trimmed.slice(open + 1, -1).trim();
  if (!/^(select|with)\b/i.test(body)) throw new Error('$sql 条件只能是 SELECT 查询');
  if (/;\s*\S/.test(body)) throw new Error('$sql 条件只能包含一条语句');
  const params: string[] = [];
  const text = body.replace(/(?<!\$)\$\{\s*([^}]+?)\s*\}/g, (_m, name: string) => {
    let index = params.indexOf(name);
    if (index < 0) index = params.push(name) - 1;
    return `$${index + 1}`;
  }).replace(/;\s*$/, '');
  return { text, params };
}
