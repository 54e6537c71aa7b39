import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addTenant, openTestDb, type TestDb } from './support/testDb.js';
import { createForm, editForm, deleteForms } from '../../../src/server/records/services/formDefinitions.js';
import { findFormById } from '../../../src/server/records/repositories/formDefinitions.js';

let t: TestDb;
let tenantId: number;
const actor = () => ({ tenantId, userName: 'admin' });

const base = {
  enName: 'mig_demo',
  cnName: '迁移演示',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'amount', label: '金额', funcType: 'input' },
    { enName: 'kind', label: '类别', funcType: 'select', options: [{ label: '甲', value: 'a' }] },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'item', label: '品名', funcType: 'input' }] },
  ],
};

async function rows(name: string) {
  const r = await sql<any>`SELECT * FROM ${sql.id(`t_${tenantId}`, name)} ORDER BY id`.execute(t.db);
  return r.rows;
}

async function defOf(id: number) {
  return (await findFormById(t.db, tenantId, id))!.definition;
}

beforeAll(async () => {
  t = await openTestDb();
  tenantId = await addTenant(t.db, 'MIG');
});
afterAll(async () => t?.close());

describe('form definition migrations keep data', () => {
  let id: number;
  it('creates typed tables for the form and its sub-form', async () => {
    id = await createForm(t.db, actor(), base);
    await sql`INSERT INTO ${sql.id(`t_${tenantId}`, 'mig_demo')} (tenant_id, title, amount, kind, "kind$view") VALUES (${tenantId}, '第一', '12.50', 'a', '甲')`.execute(t.db);
    const [main] = await rows('mig_demo');
    await sql`INSERT INTO ${sql.id(`t_${tenantId}`, 'mig_demo$lines')} (tenant_id, parent_id, item) VALUES (${tenantId}, ${main.id}, '螺丝')`.execute(t.db);
    expect(main.kind).toBe('a');
    expect((await rows('mig_demo$lines'))[0].item).toBe('螺丝');
  });

  it('renames a field by its stable column id and keeps its values', async () => {
    const def = await defOf(id);
    def.fields[0].enName = 'subject';
    await editForm(t.db, actor(), id, def);
    const [row] = await rows('mig_demo');
    expect(row.subject).toBe('第一');
    expect(row).not.toHaveProperty('title');
  });

  it('swaps two field names without mixing their data', async () => {
    const def = await defOf(id);
    def.fields[0].enName = 'amount';
    def.fields[1].enName = 'subject';
    await editForm(t.db, actor(), id, def);
    const [row] = await rows('mig_demo');
    expect(row.amount).toBe('第一');
    expect(row.subject).toBe('12.50');
    def.fields[0].enName = 'subject';
    def.fields[1].enName = 'amount';
    await editForm(t.db, actor(), id, await (async () => def)());
    const [back] = await rows('mig_demo');
    expect(back.subject).toBe('第一');
  });

  it('retypes text to number when every value converts', async () => {
    const def = await defOf(id);
    def.fields[1].funcType = 'number';
    await editForm(t.db, actor(), id, def);
    const [row] = await rows('mig_demo');
    expect(Number(row.amount)).toBe(12.5);
  });

  it('refuses a retype that would lose data, with a Chinese message, and changes nothing', async () => {
    const def = await defOf(id);
    def.fields[0].funcType = 'number';
    await expect(editForm(t.db, actor(), id, def)).rejects.toMatchObject({ status: 400, message: expect.stringContaining('无法从文本改为数字') });
    const [row] = await rows('mig_demo');
    expect(row.subject).toBe('第一');
    expect((await defOf(id)).fields[0].funcType).toBe('input');
  });

  it('single select becomes multiple: the value is wrapped, not lost', async () => {
    const def = await defOf(id);
    def.fields[2].multiple = true;
    await editForm(t.db, actor(), id, def);
    expect((await rows('mig_demo'))[0].kind).toEqual(['a']);
  });

  it('removing a field keeps its data aside; adding it back restores it', async () => {
    const def = await defOf(id);
    const removed = def.fields.splice(0, 1)[0];
    await editForm(t.db, actor(), id, def);
    const [row] = await rows('mig_demo');
    expect(row).not.toHaveProperty('subject');
    expect(Object.values(row)).toContain('第一');
    def.fields.unshift(removed);
    await editForm(t.db, actor(), id, def);
    expect((await rows('mig_demo'))[0].subject).toBe('第一');
  });

  it('removing and restoring a sub-form keeps its rows', async () => {
    const def = await defOf(id);
    const sub = def.fields.pop()!;
    await editForm(t.db, actor(), id, def);
    def.fields.push(sub);
    await editForm(t.db, actor(), id, def);
    expect((await rows('mig_demo$lines'))[0].item).toBe('螺丝');
  });

  it('refuses to delete a form that holds records', async () => {
    await expect(deleteForms(t.db, actor(), [id])).rejects.toMatchObject({ status: 400 });
    expect(await findFormById(t.db, tenantId, id)).toBeDefined();
  });

  it('rejects bad names with a 400', async () => {
    await expect(createForm(t.db, actor(), { ...base, enName: 'Bad-Name' })).rejects.toMatchObject({ status: 400 });
    await expect(createForm(t.db, actor(), { ...base, enName: 'x2', fields: [{ enName: 'a"; drop table x;--', label: 'a', funcType: 'input' }] })).rejects.toMatchObject({ status: 400 });
    await expect(createForm(t.db, actor(), { ...base, enName: 'x3', fields: [{ enName: 'id', label: 'a', funcType: 'input' }] })).rejects.toMatchObject({ status: 400 });
  });
});
