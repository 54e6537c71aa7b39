/**
 * A form's permission strings (spec 01 §6 / CONTRACT.md §3): `auto:{form}:{action}`. One list
 * serves the role screen's checkboxes and the button entries (F) a form menu creates in 菜单管理,
 * so a role can be granted, either way, every action the server checks on the form's calls
 * (records, import/export, print, flows); the server's checks take their action from this type.
 */

/** Every action the server checks on a form, with its label on the role screen and in 菜单管理. */
export const FORM_ACTIONS = [
  { action: 'query', label: '查询' },
  { action: 'add', label: '新增' },
  { action: 'edit', label: '修改' },
  { action: 'remove', label: '删除' },
  { action: 'invalid', label: '作废' },
  { action: 'import', label: '导入' },
  { action: 'export', label: '导出' },
  { action: 'print', label: '打印' },
  { action: 'list:root', label: '流程列表' },
] as const;

export type FormAction = (typeof FORM_ACTIONS)[number]['action'];

/** `auto:{form}:{action}`; a custom button's is `auto:{form}:btn{id}`. */
export function formPermission(form: string, action: FormAction | `btn${string}`): string {
  return `auto:${form}:${action}`;
}

/** True for one of FORM_ACTIONS' actions. */
export function isFormAction(action: string): action is FormAction {
  return FORM_ACTIONS.some((a) => a.action === action);
}
