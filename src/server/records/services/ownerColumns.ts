/**
 * The columns that decide a record's ownership for the data scopes (ADR 1041): the value columns of
 * the owner fields a form names (`feature.ownerUserField` / `ownerDeptField`), else the creator
 * columns. Read from the stored definition and storage snapshot (a kept model when one is fresh),
 * so the identifier is one the form's storage holds, checked against the physical-name pattern.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { ownerFields } from '../../../../schema-adapters/definition/ownerFields.js';
import { cachedModel } from '../cache/modelCache.js';
import { findFormByName } from '../repositories/formDefinitions.js';
import { formModel, type FormModel } from '../query/formModel.js';
import { CREATOR_DEPT, CREATOR_USER, type OwnerColumn } from '../query/rowScope.js';

/** A physical column name as storage makes them (names.ts physicalName): never quoted input. */
const COLUMN = /^[a-z][a-z0-9_$]{0,62}$/;

function columnOf(model: FormModel, field: string | undefined): OwnerColumn | null {
  if (!field) return null;
  const f = model.main.fields.get(field);
  const c = f?.columns.value;
  if (!f || !c || f.def.multiple || !COLUMN.test(c.name)) return null;
  if (c.kind === 'numeric') return { column: c.name, type: 'numeric' };
  if (c.kind === 'text') return { column: c.name, type: 'text' };
  // A jsonb column (not converted by migration 150) cannot be compared to an id: the creator decides.
  return null;
}

/** The owner columns of a model (the creator columns for what it does not name). */
export function ownerColumnsOfModel(model: FormModel): { user: OwnerColumn; dept: OwnerColumn } {
  const named = ownerFields(model.form.definition);
  const user = named.user && model.main.fields.get(named.user)?.def.funcType === 'user' ? columnOf(model, named.user) : null;
  const dept = named.dept && model.main.fields.get(named.dept)?.def.funcType === 'dept' ? columnOf(model, named.dept) : null;
  return { user: user ?? CREATOR_USER, dept: dept ?? CREATOR_DEPT };
}

/** The owner columns of `formName` in the tenant, or undefined (the creator columns) for a form without owner fields. */
export async function ownerColumnsOf(db: Kysely<Database>, tenantId: number, formName: string): Promise<{ user: OwnerColumn; dept: OwnerColumn } | undefined> {
  let model = cachedModel(db, tenantId, formName);
  if (!model) {
    const row = await findFormByName(db, tenantId, formName);
    if (!row || !row.storage?.tables?.length) return undefined;
    model = formModel(row);
  }
  if (model.main.view) return undefined;
  const named = ownerFields(model.form.definition);
  return named.user || named.dept ? ownerColumnsOfModel(model) : undefined;
}
