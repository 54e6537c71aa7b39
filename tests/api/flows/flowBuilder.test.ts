/**
 * Issue 30 item 1, the approval builder (ADR 1047): a flow compiled from the builder's model
 * (src/shared/flows) deploys through the existing deploy call and runs. Its condition branch sends
 * a large amount to the N-th level leader and then the role checker one after another (依次审批),
 * any other amount to the leader of the department the record names; a CC node copies the
 * record's user field at the end. Bad builder values are Chinese 400s from the deploy checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { m194FlowBuilderMenu } from '../../../src/server/db/migrations/194_flow_builder_menu.js';
import { compileFlow, parseFlow, type FlowModel } from '../../../src/shared/flows/index.js';
import { act, flowWorld, type FlowWorld, type UserName } from './flowSupport.js';

const FORM = 'flow_build';
let t: TestApp;
let w: FlowWorld;
let deptId: number;

const MODEL: FlowModel = {
  processId: 'Process_flow_build',
  name: '构建器审批',
  nodes: [
    {
      type: 'branch', id: 'Node_amount', name: '按金额', branches: [
        {
          id: 'Branch_big', name: '大额', conditions: [{ field: 'amount', op: 'ge', value: 1000 }], nodes: [
            { type: 'approver', id: 'Node_level2', name: '二级上级', assignee: { kind: 'levelLeader', value: '2' }, mode: 'any', fieldRights: { note: 'editable', secret: 'hidden' } },
            { type: 'approver', id: 'Node_checkers', name: '依次复核', assignee: { kind: 'role', value: 'checker' }, mode: 'sequential' },
          ],
        },
        { id: 'Branch_else', name: '其他情况', conditions: [], isDefault: true, nodes: [{ type: 'approver', id: 'Node_deptLead', name: '所选部门负责人', assignee: { kind: 'deptFieldLeader', value: 'dept' }, mode: 'any' }] },
      ],
    },
    { type: 'cc', id: 'Node_cc', name: '抄送经办人', assignee: { kind: 'field', value: 'handler' } },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  w = await flowWorld(t);
  const ok = async (method: string, url: string, body?: unknown) => {
    const r = await w.call(w.admin, method, url, body);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json;
  };
  await ok('POST', '/api/flowable/form', {
    enName: FORM, cnName: '构建器单', hasFlow: true,
    fields: [
      { enName: 'title', label: '标题', funcType: 'input', required: true },
      { enName: 'amount', label: '金额', funcType: 'number' },
      { enName: 'dept', label: '所属部门', funcType: 'dept' },
      { enName: 'handler', label: '经办人', funcType: 'user' },
      { enName: 'note', label: '意见', funcType: 'input' },
      { enName: 'secret', label: '内部备注', funcType: 'input' },
    ],
  });
  // The staff role of flowWorld may also submit and read this form.
  const roles = (await ok('GET', '/api/system/role/list?pageSize=100&roleKey=flow_staff')).rows as { roleId: number; roleKey: string }[];
  const staff = roles.find((x) => x.roleKey === 'flow_staff')!;
  const perms = [FORM, 'flow_expense'].flatMap((f) => [`auto:${f}:add`, `auto:${f}:query`, `auto:${f}:edit`]);
  await ok('POST', '/api/system/role/edit', { roleId: staff.roleId, roleName: '员工', roleKey: 'flow_staff', permissions: perms });
  // 流程测试部 (leader lead) moves under 上级部 (leader boss): boss is the starters' 2nd-level leader.
  const depts = (await ok('GET', '/api/system/dept/list')).data as { deptId: number; deptName: string; parentId: number }[];
  const own = depts.find((d) => d.deptName === '流程测试部')!;
  const upper = (await ok('POST', '/api/system/dept', { parentId: own.parentId, deptName: '上级部', leader: 'boss' })).data.deptId;
  await ok('POST', '/api/system/dept/edit', { deptId: own.deptId, parentId: upper, deptName: '流程测试部', leader: 'lead' });
  deptId = own.deptId;
}, 120_000);
afterAll(async () => t?.close());

const deploy = (body: Record<string, unknown>) => w.call(w.admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, ...body });

async function submit(user: UserName, data: Record<string, unknown>): Promise<number> {
  const r = await w.call(w.tokens[user], 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id;
}

async function tasks(user: UserName, recordId: number): Promise<{ taskId: number; taskName: string }[]> {
  const r = await w.call(w.tokens[user], 'GET', '/api/flowable/task/todoList?pageSize=100');
  expect(r.status).toBe(200);
  return r.json.rows.filter((x: { formName: string; recordId: number }) => x.formName === FORM && x.recordId === recordId);
}

async function approveOnly(user: UserName, recordId: number, name: string): Promise<void> {
  const open = await tasks(user, recordId);
  expect(open.map((x) => x.taskName), `${user}'s tasks`).toEqual([name]);
  const r = await act(w, user, 'complete', { taskId: open[0].taskId });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

const ccOf = async (user: UserName, recordId: number) => {
  const r = await w.call(w.tokens[user], 'GET', '/api/flowable/task/ccList?pageSize=100');
  expect(r.status).toBe(200);
  return r.json.rows.filter((x: { recordId: number; title: string }) => x.recordId === recordId && x.title.startsWith('构建器单')).map((x: { nodeName: string }) => x.nodeName);
};

const recordStatus = async (id: number) => (await w.call(w.admin, 'GET', `/api/auto/${FORM}/${id}`)).json.data.sys_status;

describe('a builder-compiled flow', () => {
  it('deploys, reopens in the builder and runs a record through each branch', async () => {
    const { xml, nodeFields } = compileFlow(MODEL);
    const r = await deploy({ name: MODEL.name, xml, nodeFields });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const latest = (await w.call(w.admin, 'GET', `/api/flowable/definition/latest/${FORM}`)).json.data;
    expect(latest.nodeFields).toEqual({ Node_level2: { hidden: ['secret'], editable: ['note'] } });
    expect(await parseFlow(latest.bpmnXml, latest.nodeFields)).toEqual({ ok: true, model: MODEL });

    // 大额: the 2nd-level leader (boss), then checker c1, c2, c3 one after another, then the CC.
    const big = await submit('emp', { title: '大额', amount: 5000, dept: deptId, handler: w.ids.other });
    expect(await tasks('lead', big)).toEqual([]);
    await approveOnly('boss', big, '二级上级');
    expect(await tasks('c2', big)).toEqual([]);
    await approveOnly('c1', big, '依次复核');
    expect(await tasks('c3', big)).toEqual([]);
    await approveOnly('c2', big, '依次复核');
    expect(await ccOf('other', big)).toEqual([]);
    await approveOnly('c3', big, '依次复核');
    expect(await recordStatus(big)).toBe(1);
    expect(await ccOf('other', big)).toEqual(['抄送经办人']);

    // 其他情况: the leader of the department the record names (lead), then the CC.
    const small = await submit('emp', { title: '小额', amount: 10, dept: deptId, handler: w.ids.other });
    expect(await tasks('boss', small)).toEqual([]);
    await approveOnly('lead', small, '所选部门负责人');
    expect(await recordStatus(small)).toBe(1);
    expect(await ccOf('other', small)).toEqual(['抄送经办人']);
  });

  it('refuses values the engine cannot resolve with a Chinese 400', async () => {
    const bad = (kind: 'levelLeader' | 'deptFieldLeader', value: string): FlowModel => ({ ...MODEL, nodes: [{ type: 'approver', id: 'A', name: '甲', assignee: { kind, value }, mode: 'any' }] });
    let r = await deploy({ xml: compileFlow(bad('levelLeader', '11')).xml });
    expect([r.status, r.json.msg]).toEqual([400, '节点「甲」的上级层级须为 1 到 10（当前为 11）']);
    r = await deploy({ xml: compileFlow(bad('deptFieldLeader', 'nope')).xml });
    expect([r.status, r.json.msg]).toEqual([400, '节点「甲」的部门字段不存在：nope']);
  });
});

describe('the 审批流程搭建 menu', () => {
  it('sits before 流程设计 for administrators, also for a tenant seeded before it (migration 194)', async () => {
    const routers = (await w.call(w.admin, 'GET', '/api/getRouters')).json.data as { meta: { title: string }; children?: { meta: { title: string }; path: string; component?: string }[] }[];
    const group = routers.find((r) => r.meta.title === '流程审批')!;
    expect(group.children!.map((c) => c.meta.title).slice(-2)).toEqual(['审批流程搭建', '流程设计']);
    const emp = (await w.call(w.tokens.emp, 'GET', '/api/getRouters')).json.data as { meta: { title: string }; children?: { meta: { title: string } }[] }[];
    expect(emp.find((r) => r.meta.title === '流程审批')!.children!.map((c) => c.meta.title)).not.toContain('审批流程搭建');
    const children = async () => (await sql<{ menu_name: string; order_num: number }>`SELECT c.menu_name, c.order_num FROM menus c JOIN menus g ON g.id = c.parent_id
      JOIN tenants tn ON tn.id = g.tenant_id WHERE tn.code = 'DEFAULT' AND g.route_name = 'Flow' ORDER BY c.order_num, c.id`.execute(t.db)).rows;
    const seeded = await children();
    await sql`DELETE FROM menus WHERE path = '/flow/builder' AND tenant_id = (SELECT id FROM tenants WHERE code = 'DEFAULT')`.execute(t.db);
    await sql`UPDATE menus SET order_num = order_num - 1 WHERE path = '/flow/designer' AND tenant_id = (SELECT id FROM tenants WHERE code = 'DEFAULT')`.execute(t.db);
    await m194FlowBuilderMenu.up(t.db);
    expect(await children()).toEqual(seeded);
    await m194FlowBuilderMenu.up(t.db);
    expect(await children()).toEqual(seeded);
  });
});
