/**
 * A tenant set up for flow tests: a flow form `flow_expense`, a department whose leader is `lead`,
 * users (starter `emp`, `lead`, `boss`, `c1`–`c3` of role `checker`) and helpers to deploy
 * sketches, submit records and act on tasks through the real HTTP API.
 */
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../support/testServer.js';
import { writeBpmn, type SketchFlow, type SketchNode } from '../../../src/server/flows/engine/writeBpmn.js';

export const FORM = 'flow_expense';
export const USERS = ['emp', 'lead', 'boss', 'c1', 'c2', 'c3', 'other'] as const;
export type UserName = (typeof USERS)[number];

export interface FlowWorld {
  t: TestApp;
  /** The app the helpers call (a test may switch to another app instance on the same database). */
  app: FastifyInstance;
  admin: string;
  tokens: Record<UserName, string>;
  ids: Record<UserName, number>;
  call(token: string, method: string, url: string, body?: unknown): Promise<{ status: number; json: any; res: LightMyRequestResponse }>;
}

/** Users, role, department and form of the flow tests. */
export async function flowWorld(t: TestApp): Promise<FlowWorld> {
  const admin = await t.login();
  const world = { t, app: t.app } as FlowWorld;
  const call: FlowWorld['call'] = async (token, method, url, body) => {
    const res = await world.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: res.statusCode, json: res.json(), res };
  };
  const ok = async (method: string, url: string, body?: unknown) => {
    const r = await call(admin, method, url, body);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json;
  };
  await ok('POST', '/api/flowable/form', {
    enName: FORM, cnName: '报销单', hasFlow: true,
    fields: [
      { enName: 'title', label: '标题', funcType: 'input', required: true },
      { enName: 'amount', label: '金额', funcType: 'number' },
      { enName: 'approver', label: '指定审批人', funcType: 'user' },
      { enName: 'opinion', label: '财务意见', funcType: 'input' },
      { enName: 'secret', label: '内部备注', funcType: 'input' },
    ],
  });
  const perms = [`auto:${FORM}:add`, `auto:${FORM}:query`, `auto:${FORM}:edit`];
  const staff = (await ok('POST', '/api/system/role', { roleName: '员工', roleKey: 'flow_staff', permissions: perms })).data.roleId;
  const checker = (await ok('POST', '/api/system/role', { roleName: '复核', roleKey: 'checker', permissions: [] })).data.roleId;
  const root = (await ok('GET', '/api/system/dept/list')).data[0].deptId;
  const dept = (await ok('POST', '/api/system/dept', { parentId: root, deptName: '流程测试部', leader: 'lead' })).data.deptId;
  const ids = {} as Record<UserName, number>;
  const tokens = {} as Record<UserName, string>;
  for (const u of USERS) {
    const roleIds = u.startsWith('c') ? [staff, checker] : [staff];
    ids[u] = (await ok('POST', '/api/system/user', { userName: u, nickName: `用户${u}`, password: 'secret1', deptId: dept, roleIds })).data.userId;
    tokens[u] = await t.login('DEFAULT', u, 'secret1');
  }
  return Object.assign(world, { admin, tokens, ids, call });
}

const task = (id: string, assigneeType: SketchNode['assigneeType'], assignee?: string, countersign?: SketchNode['countersign']): SketchNode =>
  ({ id, kind: 'userTask', name: id, assigneeType, assignee, countersign });

/** Process sketches used across the tests. */
export const SKETCHES = {
  /** emp → starter's leader (lead) → boss. */
  twoLevel: {
    nodes: [{ id: 'start', kind: 'start' }, task('leader', 'starterLeader'), task('bossApprove', 'user', 'boss'), { id: 'end', kind: 'end' }] as SketchNode[],
    flows: [{ id: 'f1', from: 'start', to: 'leader' }, { id: 'f2', from: 'leader', to: 'bossApprove' }, { id: 'f3', from: 'bossApprove', to: 'end' }] as SketchFlow[],
  },
  /** lead, then boss only when the amount is above 10,000. */
  byAmount: {
    nodes: [{ id: 'start', kind: 'start' }, task('leader', 'user', 'lead'), { id: 'gw', kind: 'exclusive', defaultFlow: 'small' }, task('bossApprove', 'user', 'boss'), { id: 'end', kind: 'end' }] as SketchNode[],
    flows: [{ id: 'f1', from: 'start', to: 'leader' }, { id: 'f2', from: 'leader', to: 'gw' }, { id: 'big', from: 'gw', to: 'bossApprove', condition: '${amount} > 10000' },
      { id: 'small', from: 'gw', to: 'end' }, { id: 'f3', from: 'bossApprove', to: 'end' }] as SketchFlow[],
  },
  countersign: (mode: 'all' | 'any') => ({
    nodes: [{ id: 'start', kind: 'start' }, task('check', 'role', 'checker', mode), task('bossApprove', 'user', 'boss'), { id: 'end', kind: 'end' }] as SketchNode[],
    flows: [{ id: 'f1', from: 'start', to: 'check' }, { id: 'f2', from: 'check', to: 'bossApprove' }, { id: 'f3', from: 'bossApprove', to: 'end' }] as SketchFlow[],
  }),
  /** Two parallel branches (lead, the record's approver field), joined before boss. */
  parallel: {
    nodes: [{ id: 'start', kind: 'start' }, { id: 'fork', kind: 'parallel' }, task('leader', 'starterLeader'), task('named', 'field', 'approver'), { id: 'join', kind: 'parallel' }, task('bossApprove', 'user', 'boss'), { id: 'end', kind: 'end' }] as SketchNode[],
    flows: [{ id: 'f1', from: 'start', to: 'fork' }, { id: 'f2', from: 'fork', to: 'leader' }, { id: 'f3', from: 'fork', to: 'named' }, { id: 'f4', from: 'leader', to: 'join' },
      { id: 'f5', from: 'named', to: 'join' }, { id: 'f6', from: 'join', to: 'bossApprove' }, { id: 'f7', from: 'bossApprove', to: 'end' }] as SketchFlow[],
  },
};

/** Deploys a sketch as the form's next flow version. */
export async function deploy(w: FlowWorld, sketch: { nodes: SketchNode[]; flows: SketchFlow[] }, nodeFields?: Record<string, { hidden?: string[]; editable?: string[] }>): Promise<{ id: number; version: number }> {
  const r = await w.call(w.admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml: writeBpmn('expense', '报销审批', sketch.nodes, sketch.flows), nodeFields });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
}

/** Submits a record as `user` (a full save of a flow form = submit); answers the record id. */
export async function submit(w: FlowWorld, user: UserName, data: Record<string, unknown>): Promise<number> {
  const r = await w.call(w.tokens[user], 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id;
}

/** The user's open tasks of one record. */
export async function todo(w: FlowWorld, user: UserName, recordId?: number): Promise<any[]> {
  const r = await w.call(w.tokens[user], 'GET', '/api/flowable/task/todoList?pageSize=100');
  expect(r.status).toBe(200);
  return r.json.rows.filter((x: any) => recordId === undefined || x.recordId === recordId);
}

/** The one open task of `user` on the record (fails when there is not exactly one). */
export async function onlyTask(w: FlowWorld, user: UserName, recordId: number): Promise<any> {
  const rows = await todo(w, user, recordId);
  expect(rows, `${user}'s tasks on record ${recordId}`).toHaveLength(1);
  return rows[0];
}

/** Acts on a task; answers status and body. */
export function act(w: FlowWorld, user: UserName | 'admin', path: string, body: Record<string, unknown>) {
  return w.call(user === 'admin' ? w.admin : w.tokens[user], 'POST', `/api/flowable/task/${path}`, body);
}

/** Record sys_status as the starter reads it. */
export async function status(w: FlowWorld, recordId: number): Promise<number> {
  const r = await w.call(w.admin, 'GET', `/api/auto/${FORM}/${recordId}`);
  return r.json.data.sys_status;
}
