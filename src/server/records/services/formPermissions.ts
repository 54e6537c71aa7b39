/** Permission strings of spec 01 §6 / CONTRACT.md §3 for a form's calls. */
import type { AuthUser } from '../../auth/types.js';
import { hasAnyPermission, requirePermission } from '../../auth/permissions.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { findFormByName } from '../repositories/formDefinitions.js';
import { formPermission } from '../../../shared/formPermissions.js';
import { notFound } from '../../http/HttpError.js';
import { EN_NAME } from '../storage/names.js';

/** `auto:{form}:{action}`: typed, so a check here names an action the roles and menus can grant. */
export const formPerm = formPermission;

/** Listing and reading need query (or list:root). */
export function requireQuery(user: AuthUser, form: string): void {
  requirePermission(user, formPerm(form, 'query'), formPerm(form, 'list:root'));
}

/**
 * 404 `表单不存在` when the caller's tenant has no form `form`. Asked only before a refusal, so
 * an unknown form answers 404 and a form of the tenant the caller holds no right to 403 (issue 26
 * item 7: the page shows 无权限 for the one and the 404 page for the other). Any signed-in user of
 * the tenant may read a definition by name already, so the order tells nothing new.
 */
export async function requireKnownForm(db: Kysely<Database>, tenantId: number, form: string): Promise<void> {
  if (!EN_NAME.test(form) || !(await findFormByName(db, tenantId, form))) throw notFound('表单不存在');
}

/** `requirePermission` for a form's call, answering 404 rather than 403 for a form the tenant lacks. */
export async function requireFormPermission(db: Kysely<Database>, user: AuthUser, form: string, ...anyOf: string[]): Promise<void> {
  if (hasAnyPermission(user, ...anyOf)) return;
  await requireKnownForm(db, user.tenantId, form);
  requirePermission(user, ...anyOf);
}

/** `requireQuery` with the 404 of an unknown form first. */
export async function requireFormQuery(db: Kysely<Database>, user: AuthUser, form: string): Promise<void> {
  await requireFormPermission(db, user, form, formPerm(form, 'query'), formPerm(form, 'list:root'));
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
  await requireFormQuery(db, user, form);
}

/** Design permissions of form definitions (`flowable:form:{action}`); admin passes. */
export const designPerm = (action: 'list' | 'query' | 'add' | 'edit' | 'remove' | 'export' | 'import') => `flowable:form:${action}`;
