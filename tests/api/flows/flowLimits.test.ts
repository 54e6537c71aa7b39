/**
 * Flow definitions are bounded (issue 26 item 5), on PGlite and PostgreSQL: the attack's 637 KB
 * BPMN with a fan of parallel branches, too many branches, nodes or parallel width are refused at
 * deploy with a Chinese message; a step that would create more than 200 tasks is refused at
 * submission and writes nothing; a flow at the limits runs. The definitions are generated here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { flowWorld, FORM, submit, todo, type FlowWorld } from './flowSupport.js';
import { writeBpmn, type SketchFlow, type SketchNode } from '../../../src/server/flows/engine/writeBpmn.js';

let t: TestApp;
let w: FlowWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await flowWorld(t);
}, 120_000);
afterAll(async () => t?.close());

const task = (id: string, assigneeType: SketchNode['assigneeType'], assignee: string): SketchNode => ({ id, kind: 'userTask', name: id, assigneeType, assignee });

/** start → fork(`widths[0]` branches) → join → fork(`widths[1]`) → … → end, each branch one task. */
function fans(widths: number[], assignee: (i: number) => [SketchNode['assigneeType'], string] = () => ['user', 'boss']) {
  const nodes: SketchNode[] = [{ id: 'start', kind: 'start' }, { id: 'end', kind: 'end' }];
  const flows: SketchFlow[] = [];
  let prev = 'start';
  widths.forEach((n, g) => {
    nodes.push({ id: `fork${g}`, kind: 'parallel' }, { id: `join${g}`, kind: 'parallel' });
    flows.push({ id: `in${g}`, from: prev, to: `fork${g}` });
    for (let i = 0; i < n; i++) {
      nodes.push(task(`t${g}_${i}`, ...assignee(i)));
      flows.push({ id: `a${g}_${i}`, from: `fork${g}`, to: `t${g}_${i}` }, { id: `b${g}_${i}`, from: `t${g}_${i}`, to: `join${g}` });
    }
    prev = `join${g}`;
  });
  flows.push({ id: 'out', from: prev, to: 'end' });
  return writeBpmn('expense', '报销审批', nodes, flows);
}

/** start → `n` tasks in a row → end. */
function chain(n: number) {
  const nodes: SketchNode[] = [{ id: 'start', kind: 'start' }, { id: 'end', kind: 'end' }];
  const flows: SketchFlow[] = [];
  for (let i = 0; i < n; i++) {
    nodes.push(task(`c${i}`, 'user', 'boss'));
    flows.push({ id: `f${i}`, from: i ? `c${i - 1}` : 'start', to: `c${i}` });
  }
  flows.push({ id: 'out', from: `c${n - 1}`, to: 'end' });
  return writeBpmn('expense', '报销审批', nodes, flows);
}

const deploy = (xml: string) => w.call(w.admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml });

describe('flow definition limits', () => {
  it('refuses the attack: a 637 KB BPMN with a 1,000-branch parallel gateway', async () => {
    const xml = fans([1000]);
    expect(xml.length).toBeGreaterThan(600_000);
    const r = await deploy(xml);
    expect(r.status).toBe(400);
    expect(r.json.msg).toMatch(/^流程定义过大：BPMN 不能超过 256 KB（当前 \d+ KB）$/);
  });

  it('refuses too many branches, nodes, or parallel branches at once, naming the limit', async () => {
    const wide = await deploy(fans([21]));
    expect(wide).toMatchObject({ status: 400, json: { msg: '节点「fork0」的分支过多：每个节点最多 20 条出线（当前 21 条）' } });
    const long = await deploy(chain(99));
    expect(long).toMatchObject({ status: 400, json: { msg: '流程节点过多：最多 100 个节点（当前 101 个）' } });
    const parallel = await deploy(fans([15, 15]));
    expect(parallel).toMatchObject({ status: 400, json: { msg: '并行分支过多：流程中同时进行的分支最多 20 个（当前最多 29 个）' } });
    // A body of many elements is refused before each one is checked.
    const many = await deploy(fans([10, 10, 10, 10, 10, 10, 10, 10, 10, 10]).replace(/<bpmn:parallelGateway id="(fork|join)\d+" \/>/g, ''));
    expect(many.status).toBe(400);
    expect(many.json.msg).toMatch(/^流程元素过多：最多 100 个节点和 200 条连线（当前共 \d+ 个元素）$/);
  });

  it('accepts a flow at the limits and runs it: 20 parallel branches, one task each', async () => {
    expect((await deploy(chain(98))).status).toBe(200);
    expect((await deploy(fans([20]))).status).toBe(200);
    const id = await submit(w, 'emp', { title: '二十路会签', amount: 1 });
    expect(await todo(w, 'boss', id)).toHaveLength(20);
  });

  it('refuses a submission whose step would create more than 200 tasks, and saves nothing', async () => {
    // 20 branches, each for every user of role flow_staff: 7 users now, 11 after four more = 220 tasks.
    const role = await t.db.selectFrom('roles').select('id').where('role_key', '=', 'flow_staff').executeTakeFirstOrThrow();
    const dept = (await w.call(w.admin, 'GET', '/api/system/dept/list')).json.data[0].deptId;
    for (let i = 0; i < 4; i++) {
      const u = await w.call(w.admin, 'POST', '/api/system/user', { userName: `extra${i}`, nickName: `加${i}`, password: 'secret1', deptId: dept, roleIds: [Number(role.id)] });
      expect(u.status, JSON.stringify(u.json)).toBe(200);
    }
    expect((await deploy(fans([20], () => ['role', 'flow_staff']))).status).toBe(200);
    const before = (await w.call(w.admin, 'POST', `/api/auto/${FORM}/list`, { formName: FORM })).json.total;
    expect(before).toBeGreaterThan(0);
    const r = await w.call(w.tokens.emp, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data: { title: '太多待办', amount: 1 } });
    expect(r).toMatchObject({ status: 400, json: { msg: '本次将创建 220 个待办任务，超过上限 200 个，请调整流程的处理人' } });
    expect((await w.call(w.admin, 'POST', `/api/auto/${FORM}/list`, { formName: FORM })).json.total).toBe(before);
  });
});
