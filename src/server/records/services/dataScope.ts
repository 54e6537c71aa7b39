/**
 * The one function that turns (user, form) into the rows the user may see (数据权限, issue 35;
 * docs/security.md). The query builder applies the result (query/rowScope.ts, listQuery's
 * whereParts), so every read built on the list query carries it; reads by id add the same
 * condition. Resolved on each call from the database, so a changed role, department or task
 * shows at once (and jobs resolve it again when they run).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { ADMIN_ROLE } from '../../auth/permissions.js';
import { ALL_ROWS, type Reader, type RowScope } from '../query/rowScope.js';
import type { FormModel } from '../query/formModel.js';
import { notFound } from '../../http/HttpError.js';
import { existingIds } from '../repositories/exportQueries.js';
import { ownerColumnsOf } from './ownerColumns.js';
import { scopeFacts } from '../repositories/dataScopes.js';

/** RuoYi's data scope codes. */
export const DATA_SCOPES = { all: '1', custom: '2', dept: '3', deptAndBelow: '4', self: '5' } as const;

/** Who reads: the user id and tenant are enough (roles and department are read from the database). */
export interface ScopeUser {
  tenantId: number;
  userId: number;
}

/**
 * The rows of `formName` that `user` may see: the union of their roles' scopes (a per-form
 * override replaces a role's default for that form); admin, `*:*:*` or any 全部数据 role sees all;
 * records of the user's flow tasks are always seen.
 */
export async function rowScopeOf(db: Kysely<Database>, user: ScopeUser, formName: string): Promise<RowScope> {
  const facts = await scopeFacts(db, user.tenantId, user.userId, formName, ADMIN_ROLE);
  if (facts.everything) return ALL_ROWS;
  return {
    all: false,
    // A user without any role sees no one's rows but their own (they reach no list without a role anyway).
    userId: facts.scopes.includes(DATA_SCOPES.self) || !facts.roleCount ? user.userId : null,
    deptIds: facts.deptIds,
    recordIds: facts.recordIds,
    // The form's owner fields, when it names any, decide ownership instead of the creator (ADR 1041).
    owner: await ownerColumnsOf(db, user.tenantId, formName),
  };
}

/** The reader of `formName` for `user`: their tenant and their scope on that form. */
export async function readerOf(db: Kysely<Database>, user: ScopeUser, formName: string): Promise<Reader> {
  return { tenantId: user.tenantId, scope: await rowScopeOf(db, user, formName) };
}

/** A reader of every row of the tenant (system work acting for no user: seeds, flow engine internals, checks). */
export const systemReader = (tenantId: number): Reader => ({ tenantId, scope: ALL_ROWS });

/**
 * Refuses a write naming a record outside the user's data scope: 记录不存在 (404), as a record of
 * another tenant is. Called by the single-record writes (edit, stash/push of an edit, delete, void)
 * next to `assertWritable`; batch edits bound their targets with the same reader.
 */
export async function assertInScope(db: Kysely<Database>, model: FormModel, user: ScopeUser, ids: number[]): Promise<void> {
  const reader = await readerOf(db, user, model.form.enName);
  if (reader.scope.all || !ids.length) return;
  const found = new Set(await existingIds(db, model, ids, reader));
  if (ids.some((id) => !found.has(id))) throw notFound('记录不存在');
}
