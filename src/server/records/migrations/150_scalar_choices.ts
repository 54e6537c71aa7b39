/**
 * Migration 150 (ADR 1010): single choices move from jsonb to scalar columns a btree index serves
 * (select and radio text, user, dept and relatedForm numeric ids), lists of choices get a GIN
 * index, in place and with every value kept. A numeric column whose stored values are not all
 * numbers (a hand-written id) becomes text instead, so nothing is lost. Views over the converted
 * tables are built again with the new column types, and each form's counts are invalidated.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from '../../db/migrations/types.js';
import type { Database } from '../../db/types.js';
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { formTables } from '../storage/formStorage.js';
import { syncIndexes } from '../storage/indexes.js';
import { syncExpressionStats } from '../storage/expressionStats.js';
import { retypeColumn, retypeRefusal } from '../storage/retype.js';
import { bumpGeneration } from '../storage/rowCounts.js';
import { createView, dropViewsOver, type ViewSource } from '../storage/views.js';
import type { FormStorage, StorageTable } from '../storage/types.js';

interface StoredForm {
  id: number;
  tenantId: number;
  enName: string;
  definition: FormDefinition;
  storage: FormStorage;
}

const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

async function storedForms(db: Kysely<Database>): Promise<StoredForm[]> {
  const r = await sql<{ id: number; tenant_id: number; en_name: string; definition: unknown; storage: unknown }>`
    SELECT id, tenant_id, en_name, definition, storage FROM form_definitions ORDER BY id`.execute(db);
  return r.rows.map((f) => ({
    id: Number(f.id), tenantId: Number(f.tenant_id), enName: f.en_name,
    definition: parsed(f.definition as FormDefinition | string), storage: parsed(f.storage as FormStorage | string),
  }));
}

async function tableExists(db: Kysely<Database>, schema: string, table: string): Promise<boolean> {
  const r = await sql<{ r: string | null }>`SELECT to_regclass(${`${schema}.${table}`})::text AS r`.execute(db);
  return !!r.rows[0]?.r;
}

/** Converts one table's jsonb single choices in place; answers whether anything changed. */
async function convertTable(db: Kysely<Database>, schema: string, stored: StorageTable, wanted: StorageTable | undefined): Promise<boolean> {
  let changed = false;
  for (const c of stored.columns) {
    const want = wanted?.columns.find((w) => w.columnId === c.columnId && w.role === c.role);
    if (!want) continue;
    if (c.kind === 'jsonb_list' && want.kind === 'jsonb_list' && want.index !== c.index) { c.index = want.index; changed = true; }
    if (c.kind !== 'jsonb' || (want.kind !== 'text' && want.kind !== 'numeric')) continue;
    const label = c.label || c.field;
    // Ids that are not all numbers stay text rather than lose a value.
    const kind = want.kind === 'numeric' && await retypeRefusal(db, schema, stored.name, c.name, 'jsonb', 'numeric', label) ? 'text' : want.kind;
    await retypeColumn(db, schema, stored.name, c.name, 'jsonb', kind, label);
    c.kind = kind;
    c.index = want.index === 'trgm' && kind !== 'text' ? 'btree' : want.index;
    changed = true;
  }
  return changed;
}

/** Migration 150: scalar choice columns and GIN-indexed choice lists (ADR 1010). */
export const m150ScalarChoices: Migration = {
  id: 150,
  name: 'scalar_choice_columns',
  async up(db) {
    const forms = await storedForms(db);
    const dropped = new Set<string>();
    for (const form of forms) {
      if (form.storage.view || !form.storage.tables?.length) continue;
      const schema = `t_${form.tenantId}`;
      const main = form.storage.tables[0];
      if (!(await tableExists(db, schema, main.name))) continue;
      const wanted = formTables(form.definition);
      // PostgreSQL refuses to retype a column a view reads: views are dropped, built again below.
      for (const v of await dropViewsOver(db, form.tenantId, [main.name])) dropped.add(`${form.tenantId}:${v}`);
      const before = structuredClone(main);
      let changed = false;
      for (const t of form.storage.tables) {
        if (t !== main && !(await tableExists(db, schema, t.name))) continue;
        // Indexes and statistics no column wants any more go before the retype (as migrateTables does).
        if (t === main) {
          const next = structuredClone(t);
          for (const c of next.columns) {
            const w = wanted[0].columns.find((x) => x.columnId === c.columnId && x.role === c.role);
            if (w && (c.kind === 'jsonb' || c.kind === 'jsonb_list')) { c.index = w.index === 'trgm' ? 'btree' : w.index; if (c.kind === 'jsonb') c.kind = w.kind; }
          }
          await syncIndexes(db, schema, form.id, next, false);
          await syncExpressionStats(db, schema, form.id, next, false);
        }
        if (await convertTable(db, schema, t, wanted.find((w) => w.columnId === t.columnId))) changed = true;
      }
      if (!changed && JSON.stringify(before) === JSON.stringify(main)) continue;
      await syncIndexes(db, schema, form.id, main, true);
      await sql`UPDATE form_definitions SET storage = ${JSON.stringify(form.storage)}::jsonb WHERE id = ${form.id}`.execute(db);
      await bumpGeneration(db, form.id);
      await sql`ANALYZE ${sql.id(schema, main.name)}`.execute(db);
    }
    await rebuildViews(db, forms, dropped);
  },
};

/**
 * Every type-2 view gets the column kinds of its sources' converted columns (a view column takes
 * the kind of the first source column mapped to it) and its VIEW is created again.
 */
async function rebuildViews(db: Kysely<Database>, forms: StoredForm[], dropped: Set<string>): Promise<void> {
  const byName = new Map(forms.map((f) => [`${f.tenantId}:${f.enName}`, f]));
  for (const form of forms) {
    const view = form.storage.view;
    const table = form.storage.tables?.[0];
    if (!view || !table) continue;
    const sources: ViewSource[] = [];
    for (const s of view.sources) {
      const src = byName.get(`${form.tenantId}:${s.enName}`);
      const main = src?.storage.tables?.[0];
      if (src && main) sources.push({ formId: src.id, enName: s.enName, main });
    }
    if (sources.length !== view.sources.length) continue;
    const mapping = (form.definition as { view?: { columns?: Record<string, Record<string, string | null>> } }).view?.columns ?? {};
    const own = formTables(form.definition)[0];
    let changed = false;
    for (const c of table.columns) {
      if (c.kind !== 'jsonb') continue;
      const mapped = sources.map((s) => {
        const target = mapping[c.field]?.[s.enName];
        return target ? s.main.columns.find((x) => x.field === target && x.role === c.role) : undefined;
      }).find((x) => x !== undefined);
      const kind = mapped?.kind ?? own.columns.find((x) => x.columnId === c.columnId && x.role === c.role)?.kind;
      if (kind && kind !== 'jsonb') { c.kind = kind; changed = true; }
    }
    if (!changed && !dropped.has(`${form.tenantId}:${table.name}`)) continue;
    await createView(db, form.tenantId, form.definition, table, sources);
    await sql`UPDATE form_definitions SET storage = ${JSON.stringify(form.storage)}::jsonb WHERE id = ${form.id}`.execute(db);
    await bumpGeneration(db, form.id);
  }
}
