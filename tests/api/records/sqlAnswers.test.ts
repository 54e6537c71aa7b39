/**
 * `$sql` hide conditions reach the server's re-check (issue 13 item 3): a required field hidden by
 * a `$sql` condition that holds for the submitted data is not required and is not saved; when the
 * condition does not hold the field is required, for adds and edits. (Sub-form fields cannot have
 * `$sql` conditions: the definition validator refuses them.) Runs on PGlite (project api) and PostgreSQL (project api-pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';
import { forgetModel } from '../../../src/server/records/cache/modelCache.js';

let a: RecordsApp;

const HIDES = '$sql(SELECT count(*) FROM sqlans_codes WHERE code = ${kind})';

const CODES = {
  enName: 'sqlans_codes',
  cnName: '隐藏代码',
  fields: [{ enName: 'code', label: '代码', funcType: 'input' }],
};

const FORM = {
  enName: 'sqlans_form',
  cnName: 'SQL隐藏样例',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input', required: true },
    { enName: 'kind', label: '类别', funcType: 'input' },
    { enName: 'secret', label: '内部编号', funcType: 'input', required: true, hideCondition: HIDES },
    {
      enName: 'lines', label: '明细', funcType: 'subForm',
      children: [
        { enName: 'item', label: '物品', funcType: 'input', required: true },
      ],
    },
  ],
};

const add = (data: Record<string, unknown>) => a.call(a.admin, 'POST', '/api/auto/sqlans_form/add', { formName: 'sqlans_form', data });
const detail = async (id: number) => (await a.call(a.admin, 'GET', `/api/auto/sqlans_form/${id}`)).json.data;
const count = async () => (await a.call(a.admin, 'POST', '/api/auto/sqlans_form/list', { pageSize: 100 })).json.total as number;

beforeAll(async () => {
  a = await recordsApp();
  for (const def of [CODES, FORM]) {
    const r = await a.call(a.admin, 'POST', '/api/flowable/form', def);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  const code = await a.call(a.admin, 'POST', '/api/auto/sqlans_codes/add', { data: { code: 'HIDE' } });
  expect(code.status, JSON.stringify(code.json)).toBe(200);
}, 120_000);
afterAll(async () => a?.close());

describe('adding', () => {
  it('a required field hidden by a $sql condition that holds is not required, and what was sent for it is not saved', async () => {
    const r = await add({ title: '隐藏', kind: 'HIDE', secret: '不该保存', lines: [{ item: '螺丝' }] });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const d = await detail(r.json.data.id);
    expect(d.title).toBe('隐藏');
    expect(d.secret).toBeNull();
    expect(d.lines.map((l: any) => l.item)).toEqual(['螺丝']);

    const bare = await add({ title: '隐藏2', kind: 'HIDE', lines: [{ item: '螺母' }] });
    expect(bare.status, JSON.stringify(bare.json)).toBe(200);
  });

  it('when the $sql condition does not hold the field is required, and nothing is saved', async () => {
    const before = await count();
    const main = await add({ title: '显示', kind: 'SHOW', lines: [{ item: '螺丝' }] });
    expect(main.status).toBe(400);
    expect(main.json.msg).toBe('内部编号不能为空');
    expect(main.json.errors).toContainEqual({ field: 'secret', message: '内部编号不能为空' });
    const noKind = await add({ title: '无类别' });
    expect(noKind.status).toBe(400);
    expect(noKind.json.errors).toContainEqual({ field: 'secret', message: '内部编号不能为空' });
    expect(await count()).toBe(before);

    const full = await add({ title: '显示', kind: 'SHOW', secret: 'S-1', lines: [{ item: '螺丝' }] });
    expect(full.status, JSON.stringify(full.json)).toBe(200);
    expect((await detail(full.json.data.id)).secret).toBe('S-1');
  });
});

describe('editing', () => {
  it('the condition is judged on the record as it will be: hidden after the edit, required again when it no longer holds', async () => {
    const created = await add({ title: '编辑', kind: 'SHOW', secret: 'S-2', lines: [{ item: '垫片' }] });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.data.id as number;
    const d1 = await detail(id);

    // Hidden now: the emptied required field is no longer required, and is not written.
    const hidden = await a.call(a.admin, 'POST', `/api/auto/sqlans_form/edit/${id}`, {
      formName: 'sqlans_form', version: d1.version, data: { kind: 'HIDE', secret: '', lines: [{ id: d1.lines[0].id, item: '垫圈' }] },
    });
    expect(hidden.status, JSON.stringify(hidden.json)).toBe(200);
    const d2 = await detail(id);
    expect(d2.kind).toBe('HIDE');
    expect(d2.secret).toBe('S-2');
    expect(d2.lines.map((l: any) => l.item)).toEqual(['垫圈']);

    // Shown again: the stored value satisfies the rule, an emptied one does not.
    const shownEmpty = await a.call(a.admin, 'POST', `/api/auto/sqlans_form/edit/${id}`, {
      formName: 'sqlans_form', version: d2.version, data: { kind: 'SHOW', secret: '' },
    });
    expect(shownEmpty.status).toBe(400);
    expect(shownEmpty.json.errors).toContainEqual({ field: 'secret', message: '内部编号不能为空' });
    expect(await detail(id)).toEqual(d2);

    const shown = await a.call(a.admin, 'POST', `/api/auto/sqlans_form/edit/${id}`, {
      formName: 'sqlans_form', version: d2.version, data: { kind: 'SHOW', secret: 'S-3' },
    });
    expect(shown.status, JSON.stringify(shown.json)).toBe(200);
    const d3 = await detail(id);
    expect(d3.kind).toBe('SHOW');
    expect(d3.secret).toBe('S-3');
    expect(d3.lines.map((l: any) => l.item)).toEqual(['垫圈']);
  });
});

describe('a condition that cannot run', () => {
  it('a stale version is still a 409, and a condition the guard refuses now leaves its field shown (required), never a 500', async () => {
    const created = await add({ title: '旧版本', kind: 'HIDE', lines: [] });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.data.id as number;
    const d = await detail(id);
    const stale = await a.call(a.admin, 'POST', `/api/auto/sqlans_form/edit/${id}`, { formName: 'sqlans_form', version: d.version - 1, data: { title: '改' } });
    expect(stale.status).toBe(409);
    expect(await detail(id)).toEqual(d);

    // As a definition saved before the guard existed might hold it (the save-time check refuses it).
    const row = await a.db.selectFrom('form_definitions' as any).select(['tenant_id' as any, 'definition' as any])
      .where('en_name' as any, '=', 'sqlans_form').executeTakeFirstOrThrow() as { tenant_id: number; definition: any };
    const def = typeof row.definition === 'string' ? JSON.parse(row.definition) : row.definition;
    def.fields.find((f: any) => f.enName === 'secret').hideCondition = "$sql(SELECT set_config('search_path', 'public', false))";
    await a.db.updateTable('form_definitions' as any).set({ definition: JSON.stringify(def) } as any)
      .where('tenant_id' as any, '=', row.tenant_id).where('en_name' as any, '=', 'sqlans_form').execute();
    forgetModel(row.tenant_id, 'sqlans_form');

    const refused = await add({ title: '拒绝', kind: 'HIDE' });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toContainEqual({ field: 'secret', message: '内部编号不能为空' });
    const saved = await add({ title: '拒绝', kind: 'HIDE', secret: 'S-9' });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect((await detail(saved.json.data.id)).secret).toBe('S-9');
  });
});
