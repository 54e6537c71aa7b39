/**
 * Saving a definition and migrating its tables happen in one transaction: either both are
 * stored or neither (a refused retype leaves definition, tables and data as they were).
 */
import { inTransaction } from './inTransaction.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { badRequest, conflict, notFound } from '../../http/HttpError.js';
import { assignColumnIds } from '../storage/columnIds.js';
import { checkDefinition } from '../storage/checkDefinition.js';
import { formTables } from '../storage/formStorage.js';
import { emptyStorage, migrateFormTables } from '../storage/migrateTables.js';
import { countedColumns } from '../storage/valueCounts.js';
import type { FormStorage } from '../storage/types.js';
import { tenantSchema } from '../storage/names.js';
import * as repo from '../repositories/formDefinitions.js';
import { forgetModel } from '../cache/modelCache.js';
import { guardDefinitionSql } from './sqlHide.js';
import { announceChange } from '../../db/changeFeed.js';
import { viewSpecOf } from '../../../../schema-adapters/definition/views.js';
import { buildView, dropView, dropViewsOver, viewsOver } from '../storage/views.js';
import { insertVersion, latestVersion } from '../repositories/formVersions.js';
import { sameDefinition } from './sameDefinition.js';
import { dataChangesOf } from './definitionCheck.js';

/** The 409 message of a save that would change stored data without `confirmDataChanges: true`. */
export const CONFIRM_DATA_CHANGES_MSG = '此修改会影响已保存的数据，请确认后再保存';

/**
 * How a save treats changes to stored data (drop, retype, dropSubForm): `confirm` refuses them
 * with a 409 carrying the definition check unless `confirmed` (the designer's edit and restore);
 * `allow` applies them (import, seeds, services).
 */
export interface SaveOptions {
  dataChanges: 'allow' | 'confirm';
  confirmed?: boolean;
}

/** Who saves: the tenant and the user name written to create_by / update_by. */
export interface Actor {
  tenantId: number;
  userName: string;
}

function prepare(input: unknown): FormDefinition {
  const def = checkDefinition(withoutSaveFlags(input));
  const { id: _id, ...rest } = def;
  return rest as FormDefinition;
}

/** The body without `confirmDataChanges` (a flag of the call, never part of the definition). */
export function withoutSaveFlags(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input) || !('confirmDataChanges' in input)) return input;
  const { confirmDataChanges: _c, ...rest } = input as Record<string, unknown>;
  return rest;
}

/** The form's tables brought from `before` to what `def` needs, its counted options included. */
function migrateTablesOf(trx: Kysely<Database>, tenantId: number, id: number, def: FormDefinition, before: FormStorage): Promise<FormStorage> {
  const tables = formTables(def);
  return migrateFormTables(trx, tenantId, id, def.enName, before, tables, countedColumns(def.fields, tables[0]));
}

/** Creates a form: definition row and tables. Answers the new id. */
export async function createForm(db: Kysely<Database>, actor: Actor, input: unknown): Promise<number> {
  const checked = prepare(input);
  await guardDefinitionSql(db, actor.tenantId, checked);
  return inTransaction(db, async (trx) => {
    await repo.lockTenantDefinitions(trx, actor.tenantId);
    if (await repo.findFormByName(trx, actor.tenantId, checked.enName)) throw badRequest(`表单英文名「${checked.enName}」已存在`);
    const { def } = assignColumnIds(checked, null);
    const id = await repo.insertForm(trx, actor.tenantId, def, emptyStorage(), actor.userName);
    // A type-2 view with `view` is a VIEW over its sources (storage/views.ts), not tables.
    const storage = viewSpecOf(def) ? await buildView(trx, actor.tenantId, def)
      : await migrateTablesOf(trx, actor.tenantId, id, def, emptyStorage());
    await repo.updateForm(trx, actor.tenantId, id, def, storage, actor.userName);
    await insertVersion(trx, actor.tenantId, id, def, actor.userName);
    return id;
  });
}

/**
 * Replaces a form's definition by id and migrates its tables (data kept or change refused), and
 * keeps the new definition as the form's next version. With `dataChanges: 'confirm'` a save that
 * drops or retypes stored values is a 409 (data: the definition check) unless `confirmed`.
 */
export async function editForm(db: Kysely<Database>, actor: Actor, id: number, input: unknown, options: SaveOptions = { dataChanges: 'allow' }): Promise<number> {
  const checked = prepare(input);
  await guardDefinitionSql(db, actor.tenantId, checked);
  // Forgotten again after the commit: a read between the two may have cached the old model.
  forgetModel(actor.tenantId, checked.enName);
  const version = await inTransaction(db, async (trx) => {
    await repo.lockTenantDefinitions(trx, actor.tenantId);
    const old = await repo.findFormById(trx, actor.tenantId, id, true);
    if (!old) throw notFound('表单不存在');
    if (old.enName !== checked.enName) throw badRequest('表单英文名不能修改');
    const { def } = assignColumnIds(checked, old.definition);
    if (!!old.storage.view !== !!viewSpecOf(def)) throw badRequest('视图与表单不能互相转换：请新建');
    // Nothing changed: no migration, no new version (the newest one still says it).
    if (sameDefinition(old.definition, def)) return latestVersion(trx, actor.tenantId, id);
    // A view stores nothing of its own: only a form's save can change stored data.
    if (!viewSpecOf(def) && options.dataChanges === 'confirm' && !options.confirmed) {
      const check = await dataChangesOf(trx, actor.tenantId, old, def);
      // A retype the migration would refuse is a 400 whether confirmed or not: say so first.
      if (check.problems.length) {
        throw badRequest(check.problems[0].message, check.problems.map((p) => ({ field: p.path, message: p.message })), { problems: check.problems });
      }
      if (check.dataChanges.length) throw conflict(CONFIRM_DATA_CHANGES_MSG, check);
    }
    const storage = viewSpecOf(def) ? await buildView(trx, actor.tenantId, def)
      : await migrateTablesOf(trx, actor.tenantId, id, def, old.storage);
    await repo.updateForm(trx, actor.tenantId, id, def, storage, actor.userName);
    const saved = await insertVersion(trx, actor.tenantId, id, def, actor.userName);
    // Other API processes drop their cached model when this commits.
    await announceChange(trx, { kind: 'model', tenantId: actor.tenantId, form: def.enName });
    return saved;
  });
  forgetModel(actor.tenantId, checked.enName);
  return version;
}

/** Creates the form, or edits the one with the same enName (import of exported definitions). */
export async function upsertForm(db: Kysely<Database>, actor: Actor, input: unknown): Promise<number> {
  const checked = prepare(input);
  const existing = await repo.findFormByName(db, actor.tenantId, checked.enName);
  if (!existing) return createForm(db, actor, checked);
  await editForm(db, actor, existing.id, checked);
  return existing.id;
}

/** Deletes forms whose tables hold no records; a form with records is refused (data kept). */
export async function deleteForms(db: Kysely<Database>, actor: Actor, ids: number[]): Promise<void> {
  const schema = tenantSchema(actor.tenantId);
  await inTransaction(db, async (trx) => {
    for (const id of ids) {
      const form = await repo.findFormById(trx, actor.tenantId, id, true);
      if (!form) throw notFound('表单不存在');
      const readers = (await viewsOver(trx, actor.tenantId, form.enName)).filter((v) => !ids.includes(v.id));
      if (readers.length) throw badRequest(`表单「${form.cnName}」是视图「${readers[0].cnName}」的来源，不能删除`);
      if (form.storage.view) {
        // A VIEW holds no data of its own.
        await dropView(trx, actor.tenantId, form.storage.tables[0].name);
        forgetModel(actor.tenantId, form.enName);
        await announceChange(trx, { kind: 'model', tenantId: actor.tenantId, form: form.enName });
        continue;
      }
      const main = form.storage.tables[0];
      if (main) {
        if (await repo.tableHasRows(trx, schema, main.name)) throw badRequest(`表单「${form.cnName}」已有数据，不能删除`);
      }
      // Views deleted in the same call may still read the table (checked above): dropped first.
      if (main) await dropViewsOver(trx, actor.tenantId, [main.name]);
      const tables = [...form.storage.tables.slice(1), ...form.storage.retired.tables, ...form.storage.tables.slice(0, 1)];
      for (const t of tables) await repo.dropFormTable(trx, schema, t.name);
      forgetModel(actor.tenantId, form.enName);
      await announceChange(trx, { kind: 'model', tenantId: actor.tenantId, form: form.enName });
    }
    await repo.deleteForms(trx, actor.tenantId, ids);
  });
}

/** The stored definition by enName, or a 404. */
export async function getFormByName(db: Kysely<Database>, tenantId: number, enName: string): Promise<repo.FormRow> {
  const form = await repo.findFormByName(db, tenantId, enName);
  if (!form) throw notFound('表单不存在');
  return form;
}
