/**
 * The portal's SQL (issue 32 item 1): the administrator's sources (table portal_sources) and the
 * published rows of a source form. Every identifier of a form table comes from the stored form
 * model (its schema, table and column names) and goes through `sql.id`; every value is bound.
 */
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database, PortalSourcesTable } from '../db/types.js';
import type { FormModel } from '../records/query/formModel.js';
import { generationQuery, generationText } from '../records/storage/rowCounts.js';

/** A stored setting, as read. */
export type PortalSourceRow = Selectable<PortalSourcesTable>;

const COLUMNS = ['tenant_id', 'form_name', 'enabled', 'section', 'title_field', 'date_field', 'category_field', 'fields', 'publish_status', 'publish_field', 'publish_value', 'sort', 'update_by', 'update_time'] as const;

/** A tenant's setting of one form, if an administrator made one. */
export async function findPortalSource(db: Kysely<Database>, tenantId: number, formName: string): Promise<PortalSourceRow | undefined> {
  return db.selectFrom('portal_sources').select(COLUMNS).where('tenant_id', '=', tenantId).where('form_name', '=', formName).executeTakeFirst();
}

/** A tenant's enabled sources, in the administrator's order. */
export async function enabledPortalSources(db: Kysely<Database>, tenantId: number): Promise<PortalSourceRow[]> {
  return db.selectFrom('portal_sources').select(COLUMNS).where('tenant_id', '=', tenantId).where('enabled', '=', true).orderBy('sort').orderBy('form_name').execute();
}

export interface PortalSourceWrite {
  enabled: boolean;
  section: string;
  titleField: string;
  dateField: string | null;
  categoryField: string | null;
  fields: string[];
  publishStatus: number | null;
  publishField: string | null;
  publishValue: string | null;
  sort: number;
  updateBy: string;
}

/** Writes a tenant's setting of one form. */
export async function savePortalSource(db: Kysely<Database>, tenantId: number, formName: string, s: PortalSourceWrite): Promise<void> {
  const values = {
    enabled: s.enabled, section: s.section, title_field: s.titleField, date_field: s.dateField, category_field: s.categoryField,
    fields: JSON.stringify(s.fields), publish_status: s.publishStatus, publish_field: s.publishField, publish_value: s.publishValue,
    sort: s.sort, update_by: s.updateBy, update_time: new Date(),
  };
  await db
    .insertInto('portal_sources')
    .values({ tenant_id: tenantId, form_name: formName, ...values })
    .onConflict((oc) => oc.columns(['tenant_id', 'form_name']).doUpdateSet(values))
    .execute();
}

/** A column of the main table, as the published-rows query reads and filters it. */
export interface PortalColumn {
  /** Physical column name (from the stored model). */
  name: string;
  kind: string;
}

/** What makes a row published, plus the visitor's narrowing (`lx` of 集团概况). */
export interface PortalFilter {
  tenantId: number;
  status: number | null;
  field: { column: PortalColumn; value: string | number | boolean } | null;
  category: { column: PortalColumn; value: string } | null;
}

/**
 * The condition of a published row; with `alias`, on the columns of that row (`t.` of a
 * dashboard panel's aggregation, ADR 1056), so it stays one rule for every public read.
 */
export function publishedWhere(f: PortalFilter, alias?: string): RawBuilder<unknown> {
  const col = (name: string) => (alias ? sql.id(alias, name) : sql.id(name));
  const parts: RawBuilder<unknown>[] = [sql`${col('tenant_id')} = ${f.tenantId}`, sql`${col('sys_status')} <> -2`];
  if (f.status !== null) parts.push(sql`${col('sys_status')} = ${f.status}`);
  if (f.field) parts.push(sql`${col(f.field.column.name)} = ${f.field.value}`);
  if (f.category) parts.push(sql`${col(f.category.column.name)}::text = ${f.category.value}`);
  return sql`(${sql.join(parts, sql` AND `)})`;
}

const whereOf = (f: PortalFilter) => publishedWhere(f);

/** Reads columns as text, so PGlite and PostgreSQL answer the same strings (dates, numbers, JSON). */
function selectOf(columns: PortalColumn[]): RawBuilder<unknown> {
  return sql.join([sql`id`, ...columns.map((c, i) => sql`${sql.id(c.name)}::text AS ${sql.id(`c${i}`)}`)], sql`, `);
}

/** One page of published rows (newest first by the date column, then id) and their total. */
export async function publishedRows(
  db: Kysely<Database>, model: FormModel, columns: PortalColumn[], filter: PortalFilter, order: PortalColumn | null, page: { limit: number; offset: number },
): Promise<{ rows: { id: number; values: (string | null)[] }[]; total: number }> {
  const table = sql.id(model.schema, model.main.table.name);
  const where = whereOf(filter);
  const orderBy = order ? sql`${sql.id(order.name)} DESC NULLS LAST, id DESC` : sql`id DESC`;
  const r = await sql<Record<string, unknown>>`SELECT ${selectOf(columns)} FROM ${table} WHERE ${where} ORDER BY ${orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`.execute(db);
  return {
    rows: r.rows.map((row) => ({ id: Number(row.id), values: columns.map((_, i) => (row[`c${i}`] ?? null) as string | null) })),
    total: Number(n.rows[0]?.n ?? 0),
  };
}

/** One published row by id, or undefined (unpublished, voided, another tenant's or missing: the same). */
export async function publishedRow(db: Kysely<Database>, model: FormModel, columns: PortalColumn[], filter: PortalFilter, id: number): Promise<{ id: number; values: (string | null)[] } | undefined> {
  const table = sql.id(model.schema, model.main.table.name);
  const r = await sql<Record<string, unknown>>`SELECT ${selectOf(columns)} FROM ${table} WHERE id = ${id} AND ${whereOf(filter)}`.execute(db);
  const row = r.rows[0];
  return row ? { id: Number(row.id), values: columns.map((_, i) => (row[`c${i}`] ?? null) as string | null) } : undefined;
}

/** The form's write generation (ADR 0931) as text, or null when it has no counter. */
export async function portalGeneration(db: Kysely<Database>, model: FormModel): Promise<string | null> {
  const r = await generationQuery(model.form.id, model.schema, model.main.table.name).execute(db);
  return generationText(r.rows[0]);
}
