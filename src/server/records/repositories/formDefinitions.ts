/** SQL over form_definitions: the stored definitions and their storage snapshots. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, FormDefinitionsTable } from '../../db/types.js';
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';
import type { FormStorage } from '../storage/types.js';

/** A stored form definition row. */
export interface FormRow {
  id: number;
  tenantId: number;
  enName: string;
  cnName: string;
  definition: FormDefinition;
  storage: FormStorage;
  version: number;
  createTime: Date;
  updateTime: Date;
}

const COLS = ['id', 'tenant_id', 'en_name', 'cn_name', 'definition', 'storage', 'version', 'create_time', 'update_time'] as const;

function toRow(r: Pick<Selectable<FormDefinitionsTable>, (typeof COLS)[number]>): FormRow {
  const definition = { ...(r.definition as FormDefinition), id: Number(r.id) };
  return {
    id: Number(r.id), tenantId: Number(r.tenant_id), enName: r.en_name, cnName: r.cn_name, definition,
    storage: r.storage as FormStorage, version: Number(r.version), createTime: r.create_time, updateTime: r.update_time,
  };
}

/** The form of a tenant by enName, or undefined. `forUpdate` locks the row for a migration. */
export async function findFormByName(db: Kysely<Database>, tenantId: number, enName: string, forUpdate = false): Promise<FormRow | undefined> {
  let q = db.selectFrom('form_definitions').select(COLS).where('tenant_id', '=', tenantId).where('en_name', '=', enName);
  if (forUpdate) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? toRow(r) : undefined;
}

/** The form of a tenant by id, or undefined. */
export async function findFormById(db: Kysely<Database>, tenantId: number, id: number, forUpdate = false): Promise<FormRow | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  let q = db.selectFrom('form_definitions').select(COLS).where('tenant_id', '=', tenantId).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? toRow(r) : undefined;
}

/** Every form of a tenant, ordered by id (definitions included: lists are short). */
export async function listForms(db: Kysely<Database>, tenantId: number): Promise<FormRow[]> {
  const rows = await db.selectFrom('form_definitions').select(COLS).where('tenant_id', '=', tenantId).orderBy('id').execute();
  return rows.map(toRow);
}

/** Inserts a definition row (storage filled in by the caller after the tables exist). */
export async function insertForm(db: Kysely<Database>, tenantId: number, def: FormDefinition, storage: FormStorage, by: string): Promise<number> {
  const r = await db.insertInto('form_definitions').values({
    tenant_id: tenantId, en_name: def.enName, cn_name: def.cnName, definition: JSON.stringify(def), storage: JSON.stringify(storage),
    create_by: by, update_by: by,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Replaces a definition and its storage snapshot, bumping the version. */
export async function updateForm(db: Kysely<Database>, tenantId: number, id: number, def: FormDefinition, storage: FormStorage, by: string): Promise<void> {
  await db.updateTable('form_definitions').set((eb) => ({
    cn_name: def.cnName, definition: JSON.stringify(def), storage: JSON.stringify(storage), update_by: by,
    update_time: new Date(), version: eb('version', '+', 1),
  })).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Deletes definition rows; returns the deleted ones. */
export async function deleteForms(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<FormRow[]> {
  if (!ids.length) return [];
  const rows = await db.deleteFrom('form_definitions').where('tenant_id', '=', tenantId).where('id', 'in', ids).returning(COLS).execute();
  return rows.map(toRow);
}

/** First key of the per-tenant advisory lock that serialises definition saves (the second is the tenant id). */
const DEFINITION_LOCK = 7_420_011;

/**
 * Holds, until the transaction ends, the lock that makes one tenant's definition saves run one
 * at a time: each migration grants on the tenant's schema, and two concurrent GRANTs on the same
 * schema fail on PostgreSQL with "tuple concurrently updated" (a 500, found by the fuzz run).
 */
export async function lockTenantDefinitions(trx: Kysely<Database>, tenantId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${DEFINITION_LOCK}, ${tenantId})`.execute(trx);
}

/** Whether a form's main table (`schema`.`table`, names from its stored storage snapshot) holds any record. */
export async function tableHasRows(db: Kysely<Database>, schema: string, table: string): Promise<boolean> {
  const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${sql.id(schema, table)} LIMIT 1) x`.execute(db);
  return n.rows[0].n > 0;
}

/** Drops a form's table (names from its stored storage snapshot); a missing one is no error. */
export async function dropFormTable(trx: Kysely<Database>, schema: string, table: string): Promise<void> {
  await sql`DROP TABLE IF EXISTS ${sql.id(schema, table)}`.execute(trx);
}
