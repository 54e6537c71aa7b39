/**
 * Which toolbar and row actions a user sees and when they are enabled (spec 01 §2.2, §6). Pure.
 * Only the actions this module performs are offered: detail, add, edit, copy, void, delete.
 * Export, import, print, batch edit, QR code and custom buttons come with their own module.
 */
import { rowButtonShown, type FormButton, type FormDefinition, type UserContext } from '../../../../schema-adapters';
import { isInApproval, isReadOnlyView, isVoided } from '../../../shared/readOnlyRecords';

/** Who the conditions see when no one is signed in (user values are empty, as on the server). */
const NO_USER: UserContext = { userId: 0, userName: '', deptId: null, roleKeys: [], roleNames: [] };

/** A system action of the list. */
export type ListAction = 'query' | 'add' | 'edit' | 'copy' | 'invalid' | 'remove';

/** Default labels of the system actions. */
export const ACTION_LABELS: Record<ListAction, string> = {
  query: '详情',
  add: '新增',
  edit: '修改',
  copy: '复制',
  invalid: '作废',
  remove: '删除',
};

/** Spec 01 §2.2: query, edit, copy need exactly one row; invalid and remove one or more; add none. */
export const SELECTION_RULE: Record<ListAction, 'none' | 'single' | 'multiple'> = {
  query: 'single',
  add: 'none',
  edit: 'single',
  copy: 'single',
  invalid: 'multiple',
  remove: 'multiple',
};

const ORDER: ListAction[] = ['add', 'query', 'edit', 'copy', 'invalid', 'remove'];

/** Actions that write; a type-2 view offers none of them (its server refuses them too). */
export const WRITE_ACTIONS: ReadonlySet<ListAction> = new Set<ListAction>(['add', 'edit', 'copy', 'invalid', 'remove']);

/** Actions a voided record refuses (delete stays: spec 01 §2.2, §6 tie it to remove alone). */
export const VOIDED_BLOCKED_ACTIONS: ReadonlySet<ListAction> = new Set<ListAction>(['edit', 'invalid']);

/** Actions a record of a flow form refuses while in approval (the server answers 审批中的数据不能修改). */
export const IN_APPROVAL_BLOCKED_ACTIONS: ReadonlySet<ListAction> = new Set<ListAction>(['edit']);

/**
 * Actions the selection rules out beyond its size: edit and void when a selected record is voided,
 * edit when one is in approval (`def` given: a flow form's record with sys_status 0).
 */
export function blockedBySelection(rows: readonly Record<string, unknown>[], def?: { hasFlow?: boolean }): ReadonlySet<ListAction> {
  const blocked = new Set<ListAction>();
  if (rows.some((r) => isVoided(r))) VOIDED_BLOCKED_ACTIONS.forEach((a) => blocked.add(a));
  if (rows.some((r) => isInApproval(def, r))) IN_APPROVAL_BLOCKED_ACTIONS.forEach((a) => blocked.add(a));
  return blocked;
}

/** Whether the form's data may take this action at all (a view is read-only). */
function allowedOnForm(def: FormDefinition, action: ListAction): boolean {
  return !isReadOnlyView(def) || !WRITE_ACTIONS.has(action);
}

/** A button of the toolbar or of a row. */
export interface ActionButton {
  key: string;
  action: ListAction;
  label: string;
  rule: 'none' | 'single' | 'multiple';
  unSelectedActionable?: boolean;
  /** The configured button a row button comes from (its rightShow and rightShowCon decide per row). */
  source?: FormButton;
}

/** Spec 01 §6: the permission check of each action (copy needs add or list:root). */
export function actionAllowed(action: ListAction, form: string, has: (...perms: string[]) => boolean): boolean {
  if (action === 'copy') return has(`auto:${form}:add`, `auto:${form}:list:root`);
  return has(`auto:${form}:${action}`);
}

function isListAction(name: string | undefined): name is ListAction {
  return !!name && (ORDER as string[]).includes(name);
}

/**
 * The toolbar: the form's configured top buttons whose sysAction this module performs, else the
 * system actions in the default order; each only when the user holds its permission.
 */
export function toolbarButtons(def: FormDefinition, has: (...perms: string[]) => boolean): ActionButton[] {
  const configured = (def.buttons ?? []).filter((b) => b.topShow && isListAction(b.sysAction));
  const buttons: ActionButton[] = configured.length
    ? configured.map((b) => ({
        key: `btn${b.id}`,
        action: b.sysAction as ListAction,
        label: b.name,
        rule: b.selection ?? SELECTION_RULE[b.sysAction as ListAction],
        unSelectedActionable: b.unSelectedActionable,
      }))
    : ORDER.map((action) => ({ key: action, action, label: ACTION_LABELS[action], rule: SELECTION_RULE[action] }));
  return buttons.filter((b) => allowedOnForm(def, b.action) && actionAllowed(b.action, def.enName, has));
}

/** Whether a toolbar button is enabled with `count` rows selected. */
export function buttonEnabled(button: ActionButton, count: number): boolean {
  if (button.unSelectedActionable && count === 0) return true;
  if (button.rule === 'single') return count === 1;
  if (button.rule === 'multiple') return count >= 1;
  return true;
}

/** The row buttons (rightShow) the user holds; without configured ones: 详情, 修改 and 删除 as permitted. */
export function rowButtonCandidates(def: FormDefinition, has: (...perms: string[]) => boolean): ActionButton[] {
  const configured = (def.buttons ?? []).filter((b) => b.rightShow && isListAction(b.sysAction));
  const buttons: ActionButton[] = configured.length
    ? configured.map((b) => ({ key: `btn${b.id}`, action: b.sysAction as ListAction, label: b.name, rule: 'single' as const, source: b }))
    : (['query', 'edit', 'remove'] as ListAction[]).map((action) => ({ key: action, action, label: ACTION_LABELS[action], rule: 'single' as const }));
  return buttons.filter((b) => allowedOnForm(def, b.action) && actionAllowed(b.action, def.enName, has));
}

/**
 * The buttons of one row: a configured button shows where the adapter's `rowButtonShown` says so
 * (its rightShowCon holds; one that fails to evaluate hides it; a `$${…}` or `$sql` one, which the
 * browser cannot decide, keeps it), a voided row drops edit and void, a row in approval drops edit.
 */
export function rowButtonsFor(candidates: ActionButton[], row: Record<string, unknown>, ctx: UserContext | undefined, def?: { hasFlow?: boolean }): ActionButton[] {
  const blocked = blockedBySelection([row], def);
  return candidates.filter((b) => {
    if (blocked.has(b.action)) return false;
    return !b.source || rowButtonShown(b.source, row, ctx ?? NO_USER);
  });
}
