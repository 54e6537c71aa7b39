/** The saved versions of a form (ADR 0980): list, read one, restore one as a new save. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';
import type { FormVersion } from '../../../shared/contract/formVersions.js';
import { notFound } from '../../http/HttpError.js';
import { findFormById } from '../repositories/formDefinitions.js';
import { findVersion, listVersions } from '../repositories/formVersions.js';
import { editForm, type Actor, type SaveOptions } from './formDefinitions.js';

/** A form id or version number from a path (digits), else a 404. */
export function pathNumber(raw: string, what: string): number {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound(what);
  return Number(raw);
}

async function formOf(db: Kysely<Database>, tenantId: number, id: number) {
  const form = await findFormById(db, tenantId, id);
  if (!form) throw notFound('表单不存在');
  return form;
}

/** Every version of a form, newest first; the newest is the current definition. */
export async function formVersions(db: Kysely<Database>, tenantId: number, id: number): Promise<FormVersion[]> {
  await formOf(db, tenantId, id);
  const rows = await listVersions(db, tenantId, id);
  return rows.map((r, i) => ({
    version: r.version, current: i === 0, savedAt: r.savedTime.toISOString(), savedBy: r.savedBy || null,
    cnName: String(r.definition.cnName ?? ''), fieldCount: Array.isArray(r.definition.fields) ? r.definition.fields.length : 0,
  }));
}

/** One version's definition (with the form's id, so it can be edited and saved as it is). */
export async function formVersion(db: Kysely<Database>, tenantId: number, id: number, version: number): Promise<FormDefinition> {
  await formOf(db, tenantId, id);
  const row = await findVersion(db, tenantId, id, version);
  if (!row) throw notFound('表单版本不存在');
  return { ...row.definition, id };
}

/**
 * Saves an old version again: the same checks, storage migration and data-change confirmation as
 * an edit, and a new version number. Answers that number.
 */
export async function restoreFormVersion(db: Kysely<Database>, actor: Actor, id: number, version: number, options: SaveOptions): Promise<number> {
  const def = await formVersion(db, actor.tenantId, id, version);
  return editForm(db, actor, id, def, options);
}
