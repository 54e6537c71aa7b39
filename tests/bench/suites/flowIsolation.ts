// Flow isolation (issue 26 item 5): while one tenant's users submit records of a flow at the
// limits of flowLimits.ts — 20 parallel branches, each for every user of a 10-user role, so 200
// tasks per submission — another tenant's list requests must not wait more than 200 ms for the
// engine. Reports the other tenant's p99 quiet and during the submissions, the submission's own
// time, and the event loop's longest stall (perf_hooks) during them; then the same while one user
// approves first tasks whose approval enters the 200 tasks. PGlite by default; set
// FORMWORK_TEST_DB=postgres and TEST_DATABASE_URL (as for the api-pg tests) for PostgreSQL.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { summarize, type BenchResult } from '../run.js';
import { createTestApp, type TestApp } from '../../api/support/testServer.js';
import { testDatabaseKind } from '../../api/support/testDatabase.js';
import { writeBpmn, type SketchFlow, type SketchNode } from '../../../src/server/flows/engine/writeBpmn.js';

const FORM = 'bench_flow';
const SUBMISSIONS = Number(process.env.FLOW_BENCH_SUBMISSIONS ?? 15);
const BRANCHES = 20;
const ROLE_USERS = 10;
const FIRST = '初审';

type Call = (token: string, method: string, url: string, body?: unknown) => Promise<{ status: number; json: any }>;

function caller(t: TestApp): Call {
  return async (token, method, url, body) => {
    const res = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: res.statusCode, json: res.json() };
  };
}

async function ok(call: Call, token: string, method: string, url: string, body?: unknown): Promise<any> {
  const r = await call(token, method, url, body);
  if (r.status !== 200) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
}

/** start → fork → BRANCHES tasks for role `role` → join → end; with `first`, start → a task of user `first` → fork … */
function fan(role: string, first?: string): string {
  const nodes: SketchNode[] = [{ id: 'start', kind: 'start' }, { id: 'end', kind: 'end' }, { id: 'fork', kind: 'parallel' }, { id: 'join', kind: 'parallel' }];
  const flows: SketchFlow[] = [{ id: 'out', from: 'join', to: 'end' }];
  if (first) {
    nodes.push({ id: 'first', kind: 'userTask', name: FIRST, assigneeType: 'user', assignee: first });
    flows.push({ id: 'in', from: 'start', to: 'first' }, { id: 'in2', from: 'first', to: 'fork' });
  } else {
    flows.push({ id: 'in', from: 'start', to: 'fork' });
  }
  for (let i = 0; i < BRANCHES; i++) {
    nodes.push({ id: `t${i}`, kind: 'userTask', name: `会签${i}`, assigneeType: 'role', assignee: role });
    flows.push({ id: `a${i}`, from: 'fork', to: `t${i}` }, { id: `b${i}`, from: `t${i}`, to: 'join' });
  }
  return writeBpmn('bench_flow', '压测流程', nodes, flows);
}

const maxOf = (xs: number[]) => Math.max(...xs);
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.99 * xs.length))];

/** The other tenant's list page, again and again until `done`; latencies in ms. */
async function otherTenant(call: Call, token: string, done: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!done()) {
    const start = performance.now();
    const r = await call(token, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 20 });
    times.push(performance.now() - start);
    if (r.status !== 200) throw new Error(`other tenant: ${r.status}`);
  }
  return times;
}

export default async function flowIsolation(): Promise<BenchResult[]> {
  const t = await createTestApp();
  const call = caller(t);
  try {
    const admin = await t.login('DEFAULT');
    const admin2 = await t.login('T2');
    const form = { enName: FORM, cnName: '压测流程单', hasFlow: true, fields: [{ enName: 'title', label: '标题', funcType: 'input' }] };
    await ok(call, admin, 'POST', '/api/flowable/form', form);
    await ok(call, admin2, 'POST', '/api/flowable/form', { ...form, hasFlow: false });
    for (let i = 0; i < 50; i++) await ok(call, admin2, 'POST', `/api/auto/${FORM}/add`, { data: { title: `第二租户${i}` } });
    const role = (await ok(call, admin, 'POST', '/api/system/role', { roleName: '会签人', roleKey: 'bench_signers', permissions: [`auto:${FORM}:add`, `auto:${FORM}:query`] })).data.roleId;
    const dept = (await ok(call, admin, 'GET', '/api/system/dept/list')).data[0].deptId;
    for (let i = 0; i < ROLE_USERS; i++) {
      await ok(call, admin, 'POST', '/api/system/user', { userName: `signer${i}`, nickName: `会签${i}`, password: 'secret1', deptId: dept, roleIds: [role] });
    }
    const submitter = await t.login('DEFAULT', 'signer0', 'secret1');
    await ok(call, admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml: fan('bench_signers') });

    let stop = false;
    const quietRun = otherTenant(call, admin2, () => stop);
    await new Promise((r) => setTimeout(r, 3000));
    stop = true;
    const quiet = await quietRun;

    const loop = monitorEventLoopDelay({ resolution: 10 });
    let done = false;
    const loaded = otherTenant(call, admin2, () => done);
    const submits: number[] = [];
    loop.enable();
    for (let i = 0; i < SUBMISSIONS; i++) {
      const start = performance.now();
      const r = await ok(call, submitter, 'POST', `/api/auto/${FORM}/add`, { data: { title: `会签${i}` } });
      submits.push(performance.now() - start);
      if (!r.data?.id) throw new Error(`submission: ${JSON.stringify(r)}`);
    }
    loop.disable();
    done = true;
    const during = await loaded;
    const tasks = (await sql<{ n: string }>`SELECT count(*) AS n FROM flow_tasks`.execute(t.db)).rows[0]?.n;
    const stall = loop.max / 1e6;

    // Approvals: a first task (signer0's) whose approval enters the same 20 × 10 tasks.
    await ok(call, admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml: fan('bench_signers', 'signer0') });
    for (let i = 0; i < SUBMISSIONS; i++) await ok(call, submitter, 'POST', `/api/auto/${FORM}/add`, { data: { title: `初审${i}` } });
    const firsts = (await ok(call, submitter, 'GET', '/api/flowable/task/todoList?pageSize=100')).rows.filter((r: { taskName: string }) => r.taskName === FIRST);
    if (firsts.length !== SUBMISSIONS) throw new Error(`first tasks: ${firsts.length}`);
    const approveLoop = monitorEventLoopDelay({ resolution: 10 });
    let approved = false;
    const duringApprovals = otherTenant(call, admin2, () => approved);
    const approvals: number[] = [];
    approveLoop.enable();
    for (const task of firsts) {
      const start = performance.now();
      await ok(call, submitter, 'POST', '/api/flowable/task/complete', { taskId: task.taskId });
      approvals.push(performance.now() - start);
    }
    approveLoop.disable();
    approved = true;
    const duringApproving = await duringApprovals;
    const approveStall = approveLoop.max / 1e6;
    return [
      summarize(`${testDatabaseKind()}: other tenant's list, quiet`, quiet, `p99 ${p99(quiet).toFixed(0)} ms`),
      summarize(`${testDatabaseKind()}: other tenant's list during ${BRANCHES}×${ROLE_USERS}-task submissions`, during,
        `p99 ${p99(during).toFixed(0)} ms (target ≤ 200 ${p99(during) <= 200 ? '✔' : '✘'}), max ${maxOf(during).toFixed(0)} ms; longest event-loop stall ${stall.toFixed(0)} ms`),
      summarize(`${testDatabaseKind()}: one submission creating ${BRANCHES * ROLE_USERS} tasks`, submits, `${SUBMISSIONS} submissions; ${tasks ?? '?'} tasks in all`),
      summarize(`${testDatabaseKind()}: other tenant's list during approvals entering ${BRANCHES}×${ROLE_USERS} tasks`, duringApproving,
        `p99 ${p99(duringApproving).toFixed(0)} ms (target ≤ 200 ${p99(duringApproving) <= 200 ? '✔' : '✘'}), max ${maxOf(duringApproving).toFixed(0)} ms; longest event-loop stall ${approveStall.toFixed(0)} ms`),
      summarize(`${testDatabaseKind()}: one approval entering ${BRANCHES * ROLE_USERS} tasks`, approvals, `${approvals.length} approvals`),
    ];
  } finally {
    await t.close();
  }
}
