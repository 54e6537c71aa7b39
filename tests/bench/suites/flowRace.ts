// Issue 30 goal: "0 duplicate or lost transitions in 10,000 randomized concurrent actions across two
// API processes". Two real `main.ts` processes on one PostgreSQL database (TEST_DATABASE_URL, as
// for the api-pg tests; without it the suite says so and measures nothing). Records of a flow
// 或签 → 会签 (six members of one role each) are submitted, then FLOW_RACE_ACTIONS actions
// (default 10,000) run FLOW_RACE_CONCURRENCY (16) at a time, each on a random process: 同意,
// 驳回, 转签, 后加签, the starter's 撤回 and 催办, on a task picked from a random member's 我的待办 —
// and a fifth of them sent twice at once, one copy to each process, as a double click through
// two load-balanced processes would. Then the database is checked:
// - duplicate: a task closed twice, a node entered twice (more tasks in one entry than members, or
//   a second entry: no 驳回 here targets a node), a member with two open or approved tasks in one
//   node entry (ADR 1066), or more history rows of an action than the API answered 200 for it;
// - lost: fewer such rows than 200 answers, a running instance with nothing open, a finished one
//   with a task still open, a record whose sys_status disagrees with its instance;
// - and no answer 5xx. Any of these fails the suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { summarize, type BenchResult } from '../run.js';
import { call, createPgDatabase, startApiProcess, type ApiProcess } from '../../api/support/apiProcess.js';
import { writeBpmn, type SketchFlow, type SketchNode } from '../../../src/server/flows/engine/writeBpmn.js';

const ACTIONS = Number(process.env.FLOW_RACE_ACTIONS ?? 10_000);
const CONCURRENCY = Number(process.env.FLOW_RACE_CONCURRENCY ?? 16);
/**
 * One record per 6 actions. Runs of 2,000 and 4,000 actions (docs/benchmarks.md) ended every record
 * after about 9 actions each and stopped short of the budget; 6 leaves a margin so the full
 * FLOW_RACE_ACTIONS are sent (10,000 → 1,667 records).
 */
const RECORDS = Number(process.env.FLOW_RACE_RECORDS ?? Math.max(10, Math.ceil(ACTIONS / 6)));
const FORM = 'race_flow';
const MEMBERS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];
const PASSWORD = 'secret1';

type Kind = 'complete' | 'reject' | 'assignTask' | 'addSign' | 'revokeProcess' | 'urge';
/** The history action each kind writes once per success. */
const HISTORY: Partial<Record<Kind, string>> = { complete: 'approve', reject: 'reject', assignTask: 'transfer', addSign: 'addSign', revokeProcess: 'withdraw' };

function pickKind(r: number): Kind {
  if (r < 0.66) return 'complete';
  if (r < 0.74) return 'assignTask';
  if (r < 0.82) return 'addSign';
  if (r < 0.87) return 'reject';
  if (r < 0.92) return 'revokeProcess';
  return 'urge';
}

const rand = <T,>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

/** Every row of 我发起的 (the list pages at 1,000 at most; a full run has more records). */
async function allStarted(base: string, token: string): Promise<{ instanceId: number; status: string }[]> {
  const rows: { instanceId: number; status: string }[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const r = await ok(base, token, 'GET', `/api/flowable/task/myProcess?pageSize=1000&pageNum=${pageNum}`);
    rows.push(...r.rows);
    if (r.rows.length < 1000 || rows.length >= r.total) return rows;
  }
}

async function ok(base: string, token: string | null, method: string, path: string, body?: unknown): Promise<any> {
  const r = await call(base, method, path, token, body);
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
}

function sketch(): { nodes: SketchNode[]; flows: SketchFlow[] } {
  return {
    nodes: [{ id: 'start', kind: 'start' }, { id: 'first', kind: 'userTask', name: '或签', assigneeType: 'role', assignee: 'race_r', countersign: 'any' },
      { id: 'all', kind: 'userTask', name: '会签', assigneeType: 'role', assignee: 'race_r', countersign: 'all' }, { id: 'end', kind: 'end' }],
    flows: [{ id: 'f1', from: 'start', to: 'first' }, { id: 'f2', from: 'first', to: 'all' }, { id: 'f3', from: 'all', to: 'end' }],
  };
}

/** The database's verdict: every violation found, by kind. */
async function check(url: string, answered: Map<string, number>, recordStatus: Map<number, number>): Promise<{ duplicates: string[]; lost: string[]; states: Record<string, number> }> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const duplicates: string[] = [];
    const lost: string[] = [];
    const q = async (text: string) => (await db.query(text)).rows;
    for (const r of await q(`SELECT task_id, count(*)::int AS n FROM flow_history WHERE task_id IS NOT NULL AND action IN ('approve', 'reject') GROUP BY task_id HAVING count(*) > 1`)) duplicates.push(`task ${r.task_id} closed ${r.n} times`);
    // A node entered twice for one entry would write its role's tasks twice: more than MEMBERS.
    for (const r of await q(`SELECT instance_id, node_id, entry, count(*)::int AS n FROM flow_tasks WHERE kind = 'assignee' GROUP BY 1, 2, 3 HAVING count(*) > ${MEMBERS.length}`)) duplicates.push(`instance ${r.instance_id} node ${r.node_id} entry ${r.entry}: ${r.n} tasks for ${MEMBERS.length} members`);
    // One person, one say per node entry (ADR 1066): 转签 and 加签 refuse a member who holds an open
    // or waiting task of the entry or approved it, so nobody has two such tasks there.
    for (const r of await q(`SELECT instance_id, node_id, entry, assignee_id, count(*)::int AS n FROM flow_tasks WHERE status IN ('open', 'waiting') OR (status = 'done' AND result = 'approve') GROUP BY 1, 2, 3, 4 HAVING count(*) > 1`)) duplicates.push(`instance ${r.instance_id} node ${r.node_id} entry ${r.entry}: user ${r.assignee_id} holds or approved ${r.n} tasks`);
    for (const r of await q(`SELECT instance_id, node_id, count(DISTINCT entry)::int AS n FROM flow_tasks GROUP BY 1, 2 HAVING count(DISTINCT entry) > 1`)) duplicates.push(`instance ${r.instance_id} node ${r.node_id} entered ${r.n} times (no 驳回 to a node here)`);
    const rows = new Map<string, number>((await q(`SELECT action, count(*)::int AS n FROM flow_history GROUP BY action`)).map((r) => [r.action, r.n]));
    for (const [kind, action] of Object.entries(HISTORY)) {
      const ok200 = answered.get(kind) ?? 0;
      const written = rows.get(action!) ?? 0;
      if (written > ok200) duplicates.push(`${action}: ${written} history rows for ${ok200} answers 200`);
      if (written < ok200) lost.push(`${action}: ${written} history rows for ${ok200} answers 200`);
    }
    for (const r of await q(`SELECT i.id FROM flow_instances i WHERE i.status = 'running' AND NOT EXISTS (SELECT 1 FROM flow_tasks t WHERE t.instance_id = i.id AND t.status = 'open')`)) lost.push(`instance ${r.id} running with no open task`);
    for (const r of await q(`SELECT DISTINCT i.id, i.status FROM flow_instances i JOIN flow_tasks t ON t.instance_id = i.id WHERE i.status <> 'running' AND t.status IN ('open', 'waiting')`)) lost.push(`instance ${r.id} ${r.status} with a task still open`);
    // sys_status (read through the records API): 0 in approval, 1 approved, -1 draft (rejected to the starter or withdrawn).
    const expected: Record<string, number> = { running: 0, completed: 1 };
    for (const r of await q(`SELECT DISTINCT ON (record_id) record_id, id, status FROM flow_instances WHERE form_name = '${FORM}' ORDER BY record_id, id DESC`)) {
      const want = expected[r.status] ?? -1;
      const has = recordStatus.get(Number(r.record_id));
      if (has !== want) lost.push(`instance ${r.id} ${r.status} but record ${r.record_id} sys_status ${has}`);
    }
    const states = Object.fromEntries((await q(`SELECT status, count(*)::int AS n FROM flow_instances GROUP BY status`)).map((r) => [r.status, r.n]));
    return { duplicates, lost, states };
  } finally {
    await db.end();
  }
}

export default async function flowRace(): Promise<BenchResult[]> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    process.stderr.write('flowRace: needs PostgreSQL (TEST_DATABASE_URL) for two API processes; skipped\n');
    return [];
  }
  const database = await createPgDatabase(adminUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'fw-flowrace-'));
  const procs: ApiProcess[] = [];
  try {
    // LOG_LEVEL stays info: startApiProcess knows a process is ready by its "listening" log line.
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    // The first migrates and seeds; the second starts on the prepared database. Ten minutes each:
    // the seed alone took over three under `nice` on the busy shared machine.
    procs.push(await startApiProcess(env, 600_000));
    procs.push(await startApiProcess(env, 600_000));
    const [a] = procs;
    const admin = (await ok(a.url, null, 'POST', '/api/login', { username: 'admin', password: 'admin123', tenantCode: 'DEFAULT' })).token as string;
    await ok(a.url, admin, 'POST', '/api/flowable/form', { enName: FORM, cnName: '并发审批', hasFlow: true, fields: [{ enName: 'title', label: '标题', funcType: 'input' }] });
    const perms = [`auto:${FORM}:add`, `auto:${FORM}:query`, `auto:${FORM}:edit`];
    const role = (await ok(a.url, admin, 'POST', '/api/system/role', { roleName: '并发审批人', roleKey: 'race_r', permissions: perms })).data.roleId;
    const starterRole = (await ok(a.url, admin, 'POST', '/api/system/role', { roleName: '并发发起人', roleKey: 'race_s', permissions: perms })).data.roleId;
    const root = (await ok(a.url, admin, 'GET', '/api/system/dept/list')).data[0].deptId;
    const dept = (await ok(a.url, admin, 'POST', '/api/system/dept', { parentId: root, deptName: '并发测试部' })).data.deptId;
    const ids: Record<string, number> = {};
    const tokens: Record<string, string> = {};
    for (const u of ['starter', ...MEMBERS]) {
      ids[u] = (await ok(a.url, admin, 'POST', '/api/system/user', { userName: u, nickName: `用户${u}`, password: PASSWORD, deptId: dept, roleIds: [u === 'starter' ? starterRole : role] })).data.userId;
      tokens[u] = (await ok(a.url, null, 'POST', '/api/login', { username: u, password: PASSWORD, tenantCode: 'DEFAULT' })).token;
    }
    await ok(a.url, admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml: writeBpmn('race', '并发审批', sketch().nodes, sketch().flows) });
    // Submitted CONCURRENCY at a time over both processes: one by one, 1,667 records took ~30 min
    // of a busy machine before the first action. Not timed; the race is the actions below.
    const records: number[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < RECORDS) {
        const i = next++;
        const id = (await ok(procs[i % 2].url, tokens.starter, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data: { title: `并发${i}` } })).data.id as number;
        records.push(id);
      }
    }));
    const started = (await allStarted(a.url, tokens.starter)).map((r) => r.instanceId);
    process.stderr.write(`flowRace: ${records.length} records submitted, ${started.length} instances started\n`);

    const answered = new Map<string, number>();
    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    let sent = 0;
    let empties = 0;
    let serverErrors = 0;
    const send = async (p: ApiProcess, token: string, kind: Kind, body: Record<string, unknown>) => {
      const t0 = performance.now();
      const r = await call(p.url, 'POST', `/api/flowable/task/${kind}`, token, body);
      latencies.push(performance.now() - t0);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      if (r.status >= 500) {
        serverErrors++;
        process.stderr.write(`flowRace: ${kind} ${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.json)}\n`);
      }
      if (r.status === 200) answered.set(kind, (answered.get(kind) ?? 0) + 1);
    };
    const t0 = performance.now();
    const worker = async () => {
      while (sent < ACTIONS) {
        const kind = pickKind(Math.random());
        const twice = Math.random() < 0.2;
        const p = rand(procs);
        sent += twice ? 2 : 1;
        const go = (body: Record<string, unknown>, token: string) => (twice ? Promise.all([send(procs[0], token, kind, body), send(procs[1], token, kind, body)]) : send(p, token, kind, body));
        if (kind === 'revokeProcess' || kind === 'urge') {
          await go({ instanceId: rand(started) }, tokens.starter);
          continue;
        }
        const member = rand(MEMBERS);
        const todo = (await call(p.url, 'GET', '/api/flowable/task/todoList?pageSize=50', tokens[member])).json.rows as { taskId: number }[] | undefined;
        if (!todo?.length) {
          sent -= twice ? 2 : 1;
          // Nobody has anything left (every record ended, or work was lost: the check says which).
          if (++empties > ACTIONS) sent = ACTIONS;
          continue;
        }
        const task = rand(todo).taskId;
        const other = ids[rand(MEMBERS.filter((m) => m !== member))];
        const body = kind === 'assignTask' ? { taskId: task, userId: other } : kind === 'addSign' ? { taskId: task, userIds: [other], position: 'after' } : { taskId: task };
        await go(body, tokens[member]);
      }
    };
    // Stop early when nothing is left to act on: every record ended. Both loops end on `sent`, so
    // no action is still in flight when the database is checked.
    await Promise.all([
      ...Array.from({ length: CONCURRENCY }, worker),
      (async () => {
        for (let tick = 1; sent < ACTIONS; tick++) {
          await new Promise((r) => setTimeout(r, 2000));
          // Progress about once a minute: a run stopped before its end still says how far it got.
          if (tick % 30 === 0) process.stderr.write(`flowRace: ${sent} actions sent, ${((performance.now() - t0) / 1000).toFixed(0)} s, answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}\n`);
          const running = (await allStarted(a.url, tokens.starter)).filter((r) => r.status === 'running').length;
          if (running === 0) {
            process.stderr.write(`flowRace: every record ended after ${sent} actions\n`);
            sent = ACTIONS;
            return;
          }
        }
      })(),
    ]);
    const wall = performance.now() - t0;
    const recordStatus = new Map<number, number>();
    for (const id of records) recordStatus.set(id, (await ok(a.url, admin, 'GET', `/api/auto/${FORM}/${id}`)).data.sys_status);
    const verdict = await check(database.url, answered, recordStatus);
    const codes = [...statuses].sort((x, y) => x[0] - y[0]).map(([s, n]) => `${s}×${n}`).join(' ');
    const notes = `${latencies.length} actions on ${RECORDS} records in ${(wall / 1000).toFixed(1)} s, ${CONCURRENCY} at a time over 2 processes; answers ${codes}; `
      + `instances ${JSON.stringify(verdict.states)}; duplicate ${verdict.duplicates.length}, lost ${verdict.lost.length}, 5xx ${serverErrors}`;
    if (verdict.duplicates.length || verdict.lost.length || serverErrors) {
      throw new Error(`flowRace: ${notes}\n${[...verdict.duplicates, ...verdict.lost].slice(0, 30).join('\n')}`);
    }
    return [summarize('randomized concurrent task actions, two API processes (per action)', latencies, notes)];
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
