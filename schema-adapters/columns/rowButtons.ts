import { compileCondition } from '../conditions/compileCondition';
import type { FormButton, UserContext } from '../definition/types';

/**
 * Whether a configured button shows in a row's 操作 column (spec 01 §2.2 "chosen per row
 * (rightShow and rightShowCon)"): rightShow must be set, and rightShowCon, when present, must
 * hold for the row. A condition that fails to evaluate hides the button; a `$${…}` one shows it.
 */
export function rowButtonShown(button: FormButton, row: Record<string, unknown>, ctx: UserContext): boolean {
  if (!button.rightShow) return false;
  const source = button.rightShowCon;
  if (typeof source !== 'string' || !source.trim()) return true;
  const outcome = compileCondition(source).evaluate(row ?? {}, ctx);
  return outcome === true || outcome === 'default';
}
