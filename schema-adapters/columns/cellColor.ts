import { compileCondition } from '../conditions/compileCondition';
import type { UserContext } from '../definition/types';

/** A colour rule of a field's list cell: the first whose condition holds colours the text. */
export interface ColorRule {
  when: string;
  color: string;
}

/** Spec 01 §9: the colour options red, yellow and green; a `#rgb` / `#rrggbb` value is also accepted. */
export const CELL_COLORS: Readonly<Record<string, string>> = { red: '#f5222d', yellow: '#d48806', green: '#389e0d' };
const HEX = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

/** Problems of a field's `colorRules` (validateDefinition): each `{when, color}`, conditions that parse. */
export function colorRuleProblems(rules: unknown, at: string): { path: string; message: string }[] {
  if (rules == null) return [];
  if (!Array.isArray(rules)) return [{ path: at, message: '颜色规则须为一个列表' }];
  const out: { path: string; message: string }[] = [];
  rules.forEach((rule: unknown, i) => {
    const r = rule as Record<string, unknown> | null;
    if (!r || typeof r !== 'object' || typeof r.when !== 'string' || typeof r.color !== 'string') { out.push({ path: `${at}[${i}]`, message: `第 ${i + 1} 条颜色规则须有条件和颜色` }); return; }
    if (!(r.color in CELL_COLORS) && !HEX.test(r.color)) out.push({ path: `${at}[${i}].color`, message: '颜色须为红、黄、绿或 #rrggbb 形式的颜色' });
    const compiled = compileCondition(r.when);
    if (compiled.kind !== 'expr') out.push({ path: `${at}[${i}].when`, message: '颜色规则的条件不支持 $sql(…) 和 $${…}' });
    else if (compiled.error) out.push({ path: `${at}[${i}].when`, message: `颜色规则的条件无法解析：${compiled.error}` });
  });
  return out;
}

/**
 * The text colour of a cell: the CSS colour of the first rule that holds for the row, undefined
 * when none does, or `{error}` when a rule fails to evaluate (spec 01 §8: 颜色表达式执行异常, logged
 * only — the caller logs it and shows no colour).
 */
export function cellColor(rules: readonly ColorRule[] | undefined, row: Record<string, unknown>, ctx: UserContext): string | undefined | { error: string } {
  for (const rule of rules ?? []) {
    const outcome = compileCondition(rule.when).evaluate(row, ctx);
    if (outcome === 'error') return { error: rule.when };
    if (outcome === true) return CELL_COLORS[rule.color] ?? rule.color;
  }
  return undefined;
}
