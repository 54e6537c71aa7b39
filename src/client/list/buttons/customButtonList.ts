/**
 * Which custom buttons (issue 17 item 4) a user sees in the toolbar and in each row, and when a
 * toolbar one is enabled. Pure. The server checks the same permission on every call.
 */
import { customButtons, rowButtonShown, type FormButton, type FormDefinition, type UserContext } from '../../../../schema-adapters';

/** Spec 01 §6: `auto:{form}:btn{id}`. */
export const buttonPermission = (form: string, button: FormButton) => `auto:${form}:btn${String(button.id)}`;

/** The toolbar's custom buttons (topShow) the user holds. */
export function customTopButtons(def: FormDefinition, has: (...perms: string[]) => boolean): FormButton[] {
  return customButtons(def).filter((b) => b.topShow && has(buttonPermission(def.enName, b)));
}

/** The row buttons (rightShow) the user holds, before each row's rightShowCon. */
export function customRowCandidates(def: FormDefinition, has: (...perms: string[]) => boolean): FormButton[] {
  return customButtons(def).filter((b) => b.rightShow && has(buttonPermission(def.enName, b)));
}

/** The buttons of one row: rightShowCon through the adapter's rowButtonShown. */
export function customRowButtonsFor(candidates: FormButton[], row: Record<string, unknown>, ctx: UserContext | undefined): FormButton[] {
  if (!ctx) return [];
  return candidates.filter((b) => rowButtonShown(b, row, ctx));
}

/**
 * Whether a toolbar button runs with `count` rows selected: `unSelectedActionable` allows none;
 * `selection` 'single' needs exactly one; otherwise one or more.
 */
export function customButtonEnabled(button: FormButton, count: number): boolean {
  if (count === 0) return !!button.unSelectedActionable || button.selection === 'none';
  if (button.selection === 'single') return count === 1;
  return true;
}
