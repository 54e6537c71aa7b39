/** Permission strings of spec 01 §6 / CONTRACT.md §3 for a form's calls. */
import type { AuthUser } from '../../auth/types.js';
import { hasAnyPermission, requirePermission } from '../../auth/permissions.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { findFormByName } from '../repositories/formDefinitions.js';
import { formPermission } from '../../../shared/formPermissions.js';

/** `auto:{form}:{action}`: typed, so a check here names an action the roles and menus can grant. */
export const formPerm = formPermission;

/** Listing and reading need query (or list:root). */
export function requireQuery(user: AuthUser, form: string): void {
  requirePermission(user, formPerm(form, 'query'), formPerm(form, 'list:root'));
}

/**
 * A related-form picker (scene relateForm, sourceForm S) may list form F when the caller may
 * add or edit S and S has a relatedForm field pointing at F; otherwise listing needs query.
 */
export async function requireListAccess(db: Kysely<Database>, user: AuthUser, form: string, body: Record<string, unknown>): Promise<void> {
  if (hasAnyPermission(user, formPerm(form, 'query'), formPerm(form, 'list:root'))) return;
  const source = body.sourceForm;
  if (body.scene === 'relateForm' && typeof source === 'string' && hasAnyPermission(user, formPerm(source, 'add'), formPerm(source, 'edit'))) {
    const def = await findFormByName(db, user.tenantId, source);
    const points = (fields: NonNullable<typeof def>['definition']['fields']): boolean =>
      fields.some((f) => (f.funcType === 'relatedForm' && f.relateEnName === form) || (f.funcType === 'subForm' && points(f.children ?? [])));
    if (def && points(def.definition.fields)) return;
  }
  requireQuery(user, form);
}

/** Design permissions of form definitions (`flowable:form:{action}`); admin passes. */
export const designPerm = (action: 'list' | 'query' | 'add' | 'edit' | 'remove' | 'export' | 'import') => `flowable:form:${action}`;
