/**
 * Saving a definition and migrating its tables happen in one transaction: either both are
 * stored or neither (a refused retype leaves definition, tables and data as they were).
 */
import { inTransaction } from './inTransaction.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import { assignColumnIds } from '../storage/columnIds.js';
import { checkDefinition } from '../storage/checkDefinition.js';
import { formTables } from '../storage/formStorage.js';
import { emptyStorage, migrateFormTables } from '../storage/migrateTables.js';
import { tenantSchema } from '../storage/names.js';
import * as repo from '../repositories/formDefinitions.js';
import { forgetModel } from '../query/modelCache.js';
import { guardDefinitionSql } from './sqlHide.js';
import { announceChange } from '../../db/changeFeed.js';
import { viewSpecOf } from '../../../../schema-adapters/definition/views.js';
import { buildView, dropView, dropViewsOver, viewsOver } from '../storage/views.js';

/** Who saves: the tenant and the user name written to create_by / update_by. */
export interface Actor {
  tenantId: number;
  userName: string;
}

function prepare(input: unknown): FormDefinition {
  const def = checkDefinition(input);
  const { id: _id, ...rest } = def;
  return rest as FormDefinition;
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
      : await migrateFormTables(trx, actor.tenantId, id, def.enName, emptyStorage(), formTables(def));
    await repo.updateForm(trx, actor.tenantId, id, def, storage, actor.userName);
    return id;
  });
}

/** Replaces a form's definition by id and migrates its tables (data kept or change refused). */
export async function editForm(db: Kysely<Database>, actor: Actor, id: number, input: unknown): Promise<void> {
  const checked = prepare(input);
  await guardDefinitionSql(db, actor.tenantId, checked);
  // Forgotten again after the commit: a read between the two may have cached the old model.
  forgetModel(actor.tenantId, checked.enName);
  await inTransaction(db, async (trx) => {
    await repo.lockTenantDefinitions(trx, actor.tenantId);
    const old = await repo.findFormById(trx, actor.tenantId, id, true);
    if (!old) throw notFound('表单不存在');
    if (old.enName !== checked.enName) throw badRequest('表单英文名不能修改');
    const { def } = assignColumnIds(checked, old.definition);
    if (!!old.storage.view !== !!viewSpecOf(def)) throw badRequest('视图与表单不能互相转换：请新建');
    const storage = viewSpecOf(def) ? await buildView(trx, actor.tenantId, def)
      : await migrateFormTables(trx, actor.tenantId, id, def.enName, old.storage, formTables(def));
    await repo.updateForm(trx, actor.tenantId, id, def, storage, actor.userName);
    // Other API processes drop their cached model when this commits.
    await announceChange(trx, { kind: 'model', tenantId: actor.tenantId, form: def.enName });
  });
  forgetModel(actor.tenantId, checked.enName);
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
