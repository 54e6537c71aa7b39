/**
 * The list page chooses and orders its ids first and builds each row's JSON text for the page's
 * rows only (recordQueries.listPageQuery). A user must get exactly the bytes the one-pass query
 * gave (the JSON built for every matching row before the sort kept a page): for every demo form
 * (all field types between them), under the default order, every sortable column in both
 * directions, a filter, a keyword and a deep page, the texts are compared byte for byte.
 */
import { systemReader } from '../../../src/server/records/services/dataScope.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { demoDefinitions } from '../../../src/server/records/seed/seedDemoForms.js';
import { getFormByName } from '../../../src/server/records/services/formDefinitions.js';
import { formModel, type FormModel } from '../../../src/server/records/query/formModel.js';
import { compileList } from '../../../src/server/records/query/listQuery.js';
import { jsonSelectList } from '../../../src/server/records/query/rowShape.js';
import { listPage } from '../../../src/server/records/repositories/recordQueries.js';
import { isSortable } from '../../../src/server/records/storage/fieldStorage.js';
import { createTestApp, type TestApp } from '../support/testServer.js';

let a: TestApp;
let tenantId: number;
beforeAll(async () => {
  a = await createTestApp();
  tenantId = Number((await a.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow()).id);
});
afterAll(async () => a?.close());

/** The list query as it was before late materialisation: JSON built in the one pass that sorts. */
async function onePass(db: Kysely<any>, model: FormModel, body: Record<string, unknown>): Promise<string[]> {
  const q = compileList(model, body, systemReader(tenantId));
  const from = sql`${sql.id(model.schema, model.main.table.name)} t`;
  const r = await sql<{ j: string }>`
    SELECT row_to_json(fw_row.*)::text AS j FROM ${from} CROSS JOIN LATERAL (SELECT ${jsonSelectList(model.main, 't')}) fw_row
    WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT ${q.pageSize} OFFSET ${q.offset}`.execute(db);
  return r.rows.map((x) => x.j);
}

function bodies(model: FormModel): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [{ pageSize: 1000 }, { pageSize: 7, pageNum: 2 }, { pageSize: 5, sysStatus: 1 }, { pageSize: 10, keyword: '一' }];
  for (const f of model.main.fields.values()) {
    if (!f.columns.value || !isSortable(f.def)) continue;
    for (const order of ['asc', 'desc']) out.push({ pageSize: 15, pageNum: 1, sysOrderBy: { field: f.def.enName, order } });
  }
  out.push({ pageSize: 3, pageNum: 3, multiFieldOrder: [{ field: 'create_time', order: 'asc' }, { field: 'sys_status', order: 'desc' }] });
  return out;
}

describe('late materialisation', () => {
  it.each(demoDefinitions().map((d) => d.enName))('%s: page rows are byte-identical to the one-pass query', async (form) => {
    const model = formModel(await getFormByName(a.db, tenantId, form));
    let compared = 0;
    for (const body of bodies(model)) {
      const page = await listPage(a.db, model, body, systemReader(tenantId));
      const expected = await onePass(a.db, model, body);
      expect(page.rowsJson, JSON.stringify(body)).toStrictEqual(expected);
      compared += expected.length;
    }
    expect(compared, `${form} has demo rows to compare`).toBeGreaterThan(0);
  });
});
