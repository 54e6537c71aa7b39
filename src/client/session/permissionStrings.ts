/** Permission strings of spec 01 §6 / CONTRACT.md §3 for a form's actions. Pure. */

/** The actions a role can be granted on a form, with their Chinese labels. */
export const FORM_ACTIONS: { action: string; label: string }[] = [
  { action: 'query', label: '查询' },
  { action: 'add', label: '新增' },
  { action: 'edit', label: '修改' },
  { action: 'remove', label: '删除' },
  { action: 'invalid', label: '作废' },
  { action: 'import', label: '导入' },
  { action: 'export', label: '导出' },
  { action: 'print', label: '打印' },
  { action: 'list:root', label: '流程列表' },
];

/** `auto:{form}:{action}`. */
export function formPermission(form: string, action: string): string {
  return `auto:${form}:${action}`;
}

/** Split a role's permissions into per-form action sets and the rest. */
export function splitPermissions(perms: string[], forms: string[]): { byForm: Record<string, string[]>; other: string[] } {
  const byForm: Record<string, string[]> = Object.fromEntries(forms.map((f) => [f, []]));
  const other: string[] = [];
  for (const p of perms) {
    const m = p.match(/^auto:([a-z][a-z0-9_]*):(.+)$/);
    if (m && byForm[m[1]] && FORM_ACTIONS.some((a) => a.action === m[2])) byForm[m[1]].push(m[2]);
    else other.push(p);
  }
  return { byForm, other };
}

/** Join per-form action sets and the other strings back into one list. */
export function joinPermissions(byForm: Record<string, string[]>, other: string[]): string[] {
  const out = Object.entries(byForm).flatMap(([form, actions]) => actions.map((a) => formPermission(form, a)));
  return [...out, ...other.filter((p) => p.trim())];
}
