/**
 * A flow survives its server: an instance started by one app instance is continued by a new one
 * on the same database (nothing lives in process memory), and on PostgreSQL two apps with their
 * own connection pools racing on one task complete it exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.js';
import { openDatabase, type AppDatabase } from '../../../src/server/db/openDatabase.js';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { testDatabaseKind } from '../support/testDatabase.js';
import { deploy, flowWorld, onlyTask, SKETCHES, status, submit, todo, type FlowWorld } from './flowSupport.js';

let t: TestApp;
let w: FlowWorld;
const extra: { app?: FastifyInstance; database?: AppDatabase }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  w = await flowWorld(t);
}, 120_000);
afterAll(async () => {
  for (const e of extra) {
    await e.app?.close();
    await e.database?.close();
  }
  await t?.close();
});

/** A second app on the same database: on PostgreSQL with its own pool, as a second process would have. */
async function secondApp(): Promise<FastifyInstance> {
  let database = t.database;
  if (testDatabaseKind() === 'postgres') {
    const name = (await sql<{ n: string }>`SELECT current_database() AS n`.execute(t.db)).rows[0].n;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 5 });
    extra.push({ database });
  }
  const app = await buildApp({ config: t.config, database, logger: false });
  await app.ready();
  extra.push({ app });
  return app;
}

const inject = (app: FastifyInstance, token: string, url: string, body: unknown) =>
  app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: body as object });

describe('flows across app instances', () => {
  it('a new app instance on the same database continues a flow stopped in the middle', async () => {
    await deploy(w, SKETCHES.byAmount);
    const id = await submit(w, 'emp', { title: '重启', amount: 50000 });
    const first = await onlyTask(w, 'lead', id);
    expect((await inject(t.app, w.tokens.lead, '/api/flowable/task/complete', { taskId: first.taskId })).statusCode).toBe(200);
    // What survives is bpmn-engine's snapshot (ADR 0972), waiting at the boss's task.
    const saved = (await sql<{ state: { engineVersion?: string; definitions?: unknown[] } }>`SELECT state FROM flow_instances ORDER BY id DESC LIMIT 1`.execute(t.db)).rows[0].state;
    expect(saved.engineVersion).toBeTruthy();
    expect(JSON.stringify(saved.definitions)).toContain('bossApprove');
    // The first app goes away; a fresh one (fresh caches, fresh pool on PostgreSQL) takes over.
    await t.app.close();
    const app = await secondApp();
    w.app = app;
    const second = await onlyTask(w, 'boss', id);
    const res = await inject(app, w.tokens.boss, '/api/flowable/task/complete', { taskId: second.taskId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(w, id)).toBe(1);
  });

  it('two app instances racing on one task: exactly one approval wins', async () => {
    const other = await secondApp();
    await deploy(w, SKETCHES.twoLevel);
    const id = await submit(w, 'emp', { title: '双进程', amount: 1 });
    const task = await onlyTask(w, 'lead', id);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => inject(i % 2 ? other : w.app, w.tokens.lead, '/api/flowable/task/complete', { taskId: task.taskId })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await todo(w, 'boss', id)).toHaveLength(1);
  });
});
