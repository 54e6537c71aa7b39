/**
 * Type-2 views as PostgreSQL VIEWs (issue 19 item 4, ADR 0995): one UNION ALL branch per source
 * form's main table, a `data_table` column naming the source, and the id `{id}@{data_table}`.
 *
 * Identifiers come only from stored definitions and storage snapshots and are checked again
 * here (the enName pattern); the only literals are the source names, which match it too.
 * The VIEW is dropped and created again (never CREATE OR REPLACE: a column's type may change),
 * inside the caller's transaction, whenever the view is saved and whenever a source form's
 * tables are migrated (migrateTables drops the views over a table first: PostgreSQL refuses to
 * retype a column a view reads, then builds them again from the new snapshot).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { viewSourceProblems, viewSpecOf } from '../../../../schema-adapters/definition/views.js';
import { badRequest } from '../../http/HttpError.js';
import { findFormByName, listForms, type FormRow } from '../repositories/formDefinitions.js';
import { formTables } from './formStorage.js';
import { grantTenantRead } from './tenantSchema.js';
import { EN_NAME, MAX_IDENT, tenantSchema } from './names.js';
import { KIND_SQL, type FormStorage, type StorageColumn, type StorageTable } from './types.js';

/** A source of a view: its form id, enName and current main table. */
export interface ViewSource {
  formId: number;
  enName: string;
  main: StorageTable;
}

function checkedName(name: string): string {
  // enNames, and physical column names: an enName (or `c{id}`) plus a companion suffix.
  if (name.length > MAX_IDENT || (!EN_NAME.test(name) && !/^[a-z][a-z0-9_]*\$[a-z]{1,10}$/.test(name))) throw new Error(`Bad identifier ${name}`);
  return name;
}

/** `NULL` typed as a column of `kind` (text keeps the tables' "C" collation so the branches agree). */
const typedNull = (c: StorageColumn): RawBuilder<unknown> => sql.raw(`NULL::${KIND_SQL[c.kind]}`);

/**
 * The SELECT of one source: system columns, then each view column from the mapped source column
 * of the same role, or a typed NULL. A mapped column that is missing or of another kind is a
 * 400 naming the view (the source's save would break the view: the view must be changed first).
 */
function branch(schema: string, view: FormDefinition, table: StorageTable, source: ViewSource): RawBuilder<unknown> {
  const spec = viewSpecOf(view)!;
  const name = checkedName(source.enName);
  const cols = table.columns.map((c) => {
    const target = spec.columns[c.field]?.[source.enName] ?? null;
    if (target === null) return sql`${typedNull(c)} AS ${sql.id(checkedName(c.name))}`;
    const from = source.main.columns.find((s) => s.field === target && s.role === c.role);
    if (!from || from.kind !== c.kind) {
      throw badRequest(`视图「${view.cnName}」的字段「${c.label ?? c.field}」对应表单「${source.enName}」的字段「${target}」，该字段不存在或类型不兼容：请先修改视图`);
    }
    return sql`s.${sql.id(checkedName(from.name))} AS ${sql.id(checkedName(c.name))}`;
  });
  return sql`SELECT (s.id::text || ${sql.lit(`@${name}`)}) AS id, s.id AS src_id, ${sql.lit(name)}::text AS data_table,
      s.tenant_id, s.sys_status, NULL::bigint AS pid, s.create_by, s.create_user_id, s.create_dept_id,
      s.create_time, s.update_by, s.update_time, s.version${cols.length ? sql`, ${sql.join(cols, sql`, `)}` : sql``}
    FROM ${sql.id(schema, checkedName(source.main.name))} s`;
}

/** Drops the VIEW of a view form (a missing one is no error). */
export async function dropView(trx: Kysely<Database>, tenantId: number, name: string): Promise<void> {
  await sql`DROP VIEW IF EXISTS ${sql.id(tenantSchema(tenantId), checkedName(name))}`.execute(trx);
}

/** Creates (drops first) the VIEW of a view form over its sources' current main tables. */
export async function createView(trx: Kysely<Database>, tenantId: number, view: FormDefinition, table: StorageTable, sources: ViewSource[]): Promise<void> {
  const schema = tenantSchema(tenantId);
  await dropView(trx, tenantId, table.name);
  const branches = sources.map((s) => branch(schema, view, table, s));
  await sql`CREATE VIEW ${sql.id(schema, checkedName(table.name))} AS ${sql.join(branches, sql` UNION ALL `)}`.execute(trx);
}

/**
 * Drops every VIEW of the tenant's schema that reads one of `tables` (before their migration)
 * and answers their names. Found through the catalog (pg_depend on the views' rewrite rules).
 */
export async function dropViewsOver(trx: Kysely<Database>, tenantId: number, tables: string[]): Promise<string[]> {
  if (!tables.length) return [];
  const schema = tenantSchema(tenantId);
  const r = await sql<{ name: string }>`
    SELECT DISTINCT v.relname AS name
    FROM pg_class t
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_depend d ON d.refobjid = t.oid AND d.classid = 'pg_rewrite'::regclass
    JOIN pg_rewrite w ON w.oid = d.objid
    JOIN pg_class v ON v.oid = w.ev_class
    WHERE n.nspname = ${schema} AND t.relname = ANY(${tables}::text[]) AND v.relkind = 'v' AND v.oid <> t.oid`.execute(trx);
  for (const row of r.rows) await dropView(trx, tenantId, row.name);
  return r.rows.map((row) => row.name);
}

/** The storage snapshot of a view form: its relation as the "main table" (no child tables, nothing retired). */
export function viewStorage(table: StorageTable, sources: ViewSource[]): FormStorage {
  return { tables: [table], retired: { columns: [], tables: [] }, view: { sources: sources.map((s) => ({ formId: s.formId, enName: s.enName })) } };
}

async function sourcesOf(trx: Kysely<Database>, tenantId: number, def: FormDefinition, override?: { enName: string; main: StorageTable }): Promise<ViewSource[]> {
  const spec = viewSpecOf(def)!;
  const forms = new Map<string, FormRow>();
  for (const name of spec.sources) {
    const form = await findFormByName(trx, tenantId, name);
    if (form) forms.set(name, form);
  }
  const problems = viewSourceProblems(def, new Map([...forms].map(([name, f]) => [name, f.definition])));
  if (problems.length) throw badRequest(problems[0].message, problems.map((p) => ({ field: p.path, message: p.message })));
  return spec.sources.map((name) => {
    const form = forms.get(name)!;
    const main = override?.enName === name ? override.main : form.storage.tables[0];
    if (!main) throw badRequest(`来源表单「${name}」还没有数据表`);
    return { formId: form.id, enName: name, main };
  });
}

/**
 * Builds the VIEW of a view form being saved (its sources must exist, be forms, and map
 * compatible fields: the adapter's viewSourceProblems) and answers its storage snapshot.
 */
export async function buildView(trx: Kysely<Database>, tenantId: number, def: FormDefinition): Promise<FormStorage> {
  const sources = await sourcesOf(trx, tenantId, def);
  const table = formTables(def)[0];
  await createView(trx, tenantId, def, table, sources);
  await grantTenantRead(trx, tenantId);
  return viewStorage(table, sources);
}

/**
 * Builds again every view over `formName` after its tables were migrated to `main` (migrateTables
 * calls it; the views were dropped by dropViewsOver before the migration).
 */
export async function rebuildViews(trx: Kysely<Database>, tenantId: number, formName: string, main: StorageTable): Promise<void> {
  for (const form of await listForms(trx, tenantId)) {
    const spec = viewSpecOf(form.definition);
    const table = form.storage.tables[0];
    if (!spec || !form.storage.view || !table || !spec.sources.includes(formName)) continue;
    // The source's new definition is stored after its migration: only its tables are checked here.
    const sources = await sourcesOfStored(trx, tenantId, form.definition, { enName: formName, main });
    await createView(trx, tenantId, form.definition, table, sources);
  }
}

async function sourcesOfStored(trx: Kysely<Database>, tenantId: number, def: FormDefinition, override: { enName: string; main: StorageTable }): Promise<ViewSource[]> {
  const out: ViewSource[] = [];
  for (const name of viewSpecOf(def)!.sources) {
    const form = await findFormByName(trx, tenantId, name);
    const main = name === override.enName ? override.main : form?.storage.tables[0];
    if (!form || !main) throw badRequest(`视图「${def.cnName}」的来源表单「${name}」不存在`);
    out.push({ formId: form.id, enName: name, main });
  }
  return out;
}

/** The views of the tenant that name `formName` as a source (a form they read may not be deleted). */
export async function viewsOver(trx: Kysely<Database>, tenantId: number, formName: string): Promise<FormRow[]> {
  return (await listForms(trx, tenantId)).filter((f) => viewSpecOf(f.definition)?.sources.includes(formName));
}
