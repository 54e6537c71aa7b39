/**
 * Which records hold a stored file: every file-list column (jsonb) of every form and sub-form table
 * of the tenant is searched for an entry whose `fileName` is the key or whose `url` is its
 * download URL. Used when a file is deleted (issue 11: only whoever may edit the holding record).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { listForms } from './formDefinitions.js';
import { tenantSchema } from '../storage/names.js';

/** A record that holds the file: the form's enName and the main record's id. */
export interface FileReference {
  form: string;
  recordId: number;
}

/** The records of the tenant whose file lists name `key` (at most 100 per table). */
export async function findFileReferences(db: Kysely<Database>, tenantId: number, key: string, url: string): Promise<FileReference[]> {
  const byName = JSON.stringify([{ fileName: key }]);
  const byUrl = JSON.stringify([{ url }]);
  const schema = tenantSchema(tenantId);
  const refs: FileReference[] = [];
  for (const form of await listForms(db, tenantId)) {
    for (const table of form.storage?.tables ?? []) {
      const columns = table.columns.filter((c) => c.role === 'value' && (c.kind === 'jsonb_list' || c.kind === 'jsonb'));
      if (!columns.length) continue;
      const holds = sql.join(
        columns.map((c) => sql`(jsonb_typeof(${sql.id(c.name)}) = 'array' AND (${sql.id(c.name)} @> ${byName}::jsonb OR ${sql.id(c.name)} @> ${byUrl}::jsonb))`),
        sql` OR `,
      );
      const idColumn = table.columnId === 0 ? sql.id('id') : sql.id('parent_id');
      const rows = await sql<{ id: string | number }>`
        SELECT DISTINCT ${idColumn} AS id FROM ${sql.id(schema, table.name)} WHERE ${holds} LIMIT 100
      `.execute(db);
      for (const r of rows.rows) refs.push({ form: form.enName, recordId: Number(r.id) });
    }
  }
  return refs;
}
