/** A role's permission strings split by form for the role screen (spec 01 §6). Pure. */
import { formPermission, isFormAction, type FormAction } from '../../shared/formPermissions';

/** Split a role's permissions into per-form action sets and the rest. */
export function splitPermissions(perms: string[], forms: string[]): { byForm: Record<string, FormAction[]>; other: string[] } {
  const byForm: Record<string, FormAction[]> = Object.fromEntries(forms.map((f) => [f, []]));
  const other: string[] = [];
  for (const p of perms) {
    const m = p.match(/^auto:([a-z][a-z0-9_]*):(.+)$/);
    if (m && byForm[m[1]] && isFormAction(m[2])) byForm[m[1]].push(m[2]);
    else other.push(p);
  }
  return { byForm, other };
}

/** Join per-form action sets and the other strings back into one list. */
export function joinPermissions(byForm: Record<string, FormAction[]>, other: string[]): string[] {
  const out = Object.entries(byForm).flatMap(([form, actions]) => actions.map((a) => formPermission(form, a)));
  return [...out, ...other.filter((p) => p.trim())];
}
