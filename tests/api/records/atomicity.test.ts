/** A save that fails half-way inside the database leaves the record and its sub-rows as they were. */
import { systemReader } from '../../../src/server/records/services/dataScope.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addTenant, openTestDb, type TestDb } from './support/testDb.js';
import { createForm } from '../../../src/server/records/services/formDefinitions.js';
import { loadModel, type RecordCaller } from '../../../src/server/records/services/recordContext.js';
import { addRecord, editRecord } from '../../../src/server/records/services/recordWrite.js';
import { deleteRecords } from '../../../src/server/records/services/recordRemove.js';
import { recordDetail } from '../../../src/server/records/services/recordRead.js';

let t: TestDb;
let tenantId: number;
let caller: RecordCaller;

const FORM = {
  enName: 'atom', cnName: '原子性',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'qty', label: '数量', funcType: 'number' }] },
  ],
};

beforeAll(async () => {
  t = await openTestDb();
  tenantId = await addTenant(t.db, 'AT');
  const user = await t.db.insertInto('users').values({ tenant_id: tenantId, user_name: 'admin', nick_name: '管理员', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
  caller = { user: { userId: Number(user.id), userName: 'admin', nickName: '管理员', tenantId, tenantCode: 'AT', tenantName: 'AT', deptId: null, roleKeys: ['admin'], roleNames: [], permissions: ['*:*:*'], token: '' } };
  await createForm(t.db, { tenantId, userName: 'admin' }, FORM);
  // A database rule the engine does not know about, so the failure happens inside the transaction.
  await sql`ALTER TABLE ${sql.id(`t_${tenantId}`, 'atom$lines')} ADD CONSTRAINT qty_below_100 CHECK (qty < 100)`.execute(t.db);
});
afterAll(async () => t?.close());

const counts = async () => {
  const m = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(`t_${tenantId}`, 'atom')}`.execute(t.db);
  const c = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(`t_${tenantId}`, 'atom$lines')}`.execute(t.db);
  return [m.rows[0].n, c.rows[0].n];
};

describe('sub-form atomicity', () => {
  it('an add whose third sub-row fails writes neither the record nor the first rows', async () => {
    const model = await loadModel(t.db, tenantId, 'atom');
    const before = await counts();
    await expect(addRecord(t.db, model, caller, { data: { title: '失败', lines: [{ qty: 1 }, { qty: 2 }, { qty: 500 }] }, uuid: 'u-atom-1' })).rejects.toThrow();
    expect(await counts()).toEqual(before);
    // The uuid was not consumed either: a corrected retry with it succeeds.
    const ok = await addRecord(t.db, model, caller, { data: { title: '成功', lines: [{ qty: 1 }] }, uuid: 'u-atom-1' });
    expect(ok.id).toBeGreaterThan(0);
  });

  it('an edit that fails half-way keeps the main values, version and sub-rows', async () => {
    const model = await loadModel(t.db, tenantId, 'atom');
    const { id } = await addRecord(t.db, model, caller, { data: { title: '原值', lines: [{ qty: 1 }, { qty: 2 }] } });
    const before = await recordDetail(t.db, model, systemReader(tenantId), id);
    await expect(editRecord(t.db, model, caller, id, { version: before.version, data: { title: '新值', lines: [{ qty: 3 }, { qty: 999 }] } })).rejects.toThrow();
    expect(await recordDetail(t.db, model, systemReader(tenantId), id)).toEqual(before);
  });

  it('a delete of several records is all or nothing', async () => {
    const model = await loadModel(t.db, tenantId, 'atom');
    const a = await addRecord(t.db, model, caller, { data: { title: '甲', lines: [{ qty: 1 }] } });
    const b = await addRecord(t.db, model, caller, { data: { title: '乙', lines: [{ qty: 1 }] } });
    const before = await counts();
    // A trigger that refuses to delete 乙's record makes the second half of the delete fail.
    await sql.raw(`CREATE FUNCTION t_${tenantId}.no_delete() RETURNS trigger AS $$ BEGIN IF OLD.title = '乙' THEN RAISE EXCEPTION 'refused'; END IF; RETURN OLD; END $$ LANGUAGE plpgsql`).execute(t.db);
    await sql.raw(`CREATE TRIGGER no_delete BEFORE DELETE ON t_${tenantId}.atom FOR EACH ROW EXECUTE FUNCTION t_${tenantId}.no_delete()`).execute(t.db);
    await expect(deleteRecords(t.db, model, caller, [a.id, b.id])).rejects.toThrow();
    expect(await counts()).toEqual(before);
    await sql.raw(`DROP TRIGGER no_delete ON t_${tenantId}.atom`).execute(t.db);
    await deleteRecords(t.db, model, caller, [a.id, b.id]);
    const after = await counts();
    expect(after).toEqual([before[0] - 2, before[1] - 2]);
  });
});
