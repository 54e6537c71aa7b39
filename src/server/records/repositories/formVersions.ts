/** SQL over form_definition_versions (migration 130) and the counts a definition check needs. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';

/** One stored version of a form definition. */
export interface VersionRow {
  version: number;
  definition: FormDefinition;
  savedBy: string;
  savedTime: Date;
}

/**
 * Stores `def` as the form's next version (numbers start at 1); answers the number. Callers hold
 * the tenant's definition lock, so two saves never take the same number.
 */
export async function insertVersion(db: Kysely<Database>, tenantId: number, formId: number, def: FormDefinition, by: string): Promise<number> {
  const last = await db.selectFrom('form_definition_versions').select((eb) => eb.fn.max('version').as('v'))
    .where('tenant_id', '=', tenantId).where('form_id', '=', formId).executeTakeFirst();
  const version = Number(last?.v ?? 0) + 1;
  const { id: _id, ...stored } = def;
  await db.insertInto('form_definition_versions').values({
    form_id: formId, version, tenant_id: tenantId, definition: JSON.stringify(stored), saved_by: by,
  }).execute();
  return version;
}

/** The form's newest version number (0 when it has none). */
export async function latestVersion(db: Kysely<Database>, tenantId: number, formId: number): Promise<number> {
  const last = await db.selectFrom('form_definition_versions').select((eb) => eb.fn.max('version').as('v'))
    .where('tenant_id', '=', tenantId).where('form_id', '=', formId).executeTakeFirst();
  return Number(last?.v ?? 0);
}

/** The versions of a form, newest first (definitions included: a form has few). */
export async function listVersions(db: Kysely<Database>, tenantId: number, formId: number): Promise<VersionRow[]> {
  const rows = await db.selectFrom('form_definition_versions').select(['version', 'definition', 'saved_by', 'saved_time'])
    .where('tenant_id', '=', tenantId).where('form_id', '=', formId).orderBy('version', 'desc').execute();
  return rows.map((r) => ({ version: Number(r.version), definition: r.definition as FormDefinition, savedBy: r.saved_by, savedTime: r.saved_time }));
}

/** One version of a form, or undefined. */
export async function findVersion(db: Kysely<Database>, tenantId: number, formId: number, version: number): Promise<VersionRow | undefined> {
  const r = await db.selectFrom('form_definition_versions').select(['version', 'definition', 'saved_by', 'saved_time'])
    .where('tenant_id', '=', tenantId).where('form_id', '=', formId).where('version', '=', version).executeTakeFirst();
  return r ? { version: Number(r.version), definition: r.definition as FormDefinition, savedBy: r.saved_by, savedTime: r.saved_time } : undefined;
}

/** Rows of `schema.table` (names from a storage snapshot) with a value in any of `columns`; every row when `columns` is empty. */
export async function countRowsWithValues(db: Kysely<Database>, schema: string, table: string, columns: string[]): Promise<number> {
  const where = columns.length
    ? sql`WHERE ${sql.join(columns.map((c) => sql`${sql.id(c)} IS NOT NULL`), sql` OR `)}`
    : sql``;
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(schema, table)} ${where}`.execute(db);
  return Number(r.rows[0].n);
}
