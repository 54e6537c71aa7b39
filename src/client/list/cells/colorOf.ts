/**
 * The text colour of a list cell from its column's `colorRules` (adapter cellColor). A rule that
 * fails to evaluate is logged as 颜色表达式执行异常 and colours nothing (spec 01 §8: logged only).
 */
import { cellColor, type ColumnModel, type UserContext } from '../../../../schema-adapters';
import { sessionStore } from '../../session/sessionStore';

/** Spec 01 §8's log text. */
export const COLOR_EXPRESSION_FAILED = '颜色表达式执行异常';

function currentContext(): UserContext {
  const s = sessionStore.get();
  const u = s.user;
  return { userId: u?.userId ?? 0, userName: u?.userName ?? '', nickName: u?.nickName, deptId: u?.deptId ?? null, roleKeys: s.roles, roleNames: u?.roleNames ?? [] };
}

/** The CSS colour for `row`'s cell of `column`, or undefined. */
export function colorOf(column: Pick<ColumnModel, 'key' | 'colorRules'>, row: Record<string, unknown>): string | undefined {
  if (!column.colorRules?.length) return undefined;
  const color = cellColor(column.colorRules, row, currentContext());
  if (color && typeof color === 'object') {
    console.warn(COLOR_EXPRESSION_FAILED, column.key, color.error);
    return undefined;
  }
  return color;
}
