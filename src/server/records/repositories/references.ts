/** Which records of other forms point at given records through relatedForm fields. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { listForms } from './formDefinitions.js';
import { tenantSchema } from '../storage/names.js';

/** One referencing form with the referenced ids it holds. */
export interface Reference {
  formName: string;
  cnName: string;
  ids: number[];
}

/** Referenced ids among `ids`, grouped by the referencing form (main and sub-form tables). */
export async function referencesTo(db: Kysely<Database>, tenantId: number, formName: string, ids: number[]): Promise<Reference[]> {
  const out: Reference[] = [];
  const texts = ids.map(String);
  for (const form of await listForms(db, tenantId)) {
    const found = new Set<number>();
    const tables = form.storage.tables;
    const fieldsByTable = new Map<number, string[]>();
    const walk = (fields: typeof form.definition.fields, tableId: number) => {
      for (const f of fields) {
        if (f.funcType === 'relatedForm' && f.relateEnName === formName) fieldsByTable.set(tableId, [...(fieldsByTable.get(tableId) ?? []), f.enName]);
        if (f.funcType === 'subForm') walk(f.children ?? [], Number(f.columnId));
      }
    };
    walk(form.definition.fields, 0);
    for (const [tableId, names] of fieldsByTable) {
      const t = tables.find((x) => x.columnId === tableId);
      if (!t) continue;
      for (const name of names) {
        const c = t.columns.find((x) => x.field === name && x.role === 'value');
        if (!c) continue;
        const col = sql.id('t', c.name);
        const table = sql.id(tenantSchema(tenantId), t.name);
        // One related record is a numeric id (ADR 1010); a multiple relation a jsonb list of ids.
        const r = c.kind === 'numeric' || c.kind === 'text'
          ? await sql<{ v: string }>`SELECT DISTINCT ${col}::text AS v FROM ${table} t
              WHERE t.tenant_id = ${tenantId} AND ${col}::text = ANY(${texts}::text[])`.execute(db)
          : await sql<{ v: string }>`SELECT DISTINCT e.v FROM ${table} t,
              jsonb_array_elements_text(CASE WHEN jsonb_typeof(${col}) = 'array' THEN ${col} ELSE jsonb_build_array(${col}) END) e(v)
            WHERE t.tenant_id = ${tenantId} AND ${col} IS NOT NULL AND e.v = ANY(${texts}::text[])`.execute(db);
        for (const row of r.rows) found.add(Number(row.v));
      }
    }
    if (found.size) out.push({ formName: form.enName, cnName: form.cnName, ids: [...found].sort((a, b) => a - b) });
  }
  return out;
}
