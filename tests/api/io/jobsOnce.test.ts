/**
 * Jobs exactly once, with bounded retries (issue 26 item 4; ADR 0806), on real server processes
 * killed with SIGKILL at named points of the job runner (src/server/jobs/testHooks.ts:
 * JOB_TEST_CRASH_AT), on PGlite (one data directory across restarts) and on PostgreSQL:
 * - a kill right after an import committed finds the job done at the restart: no row twice;
 * - a kill in the middle of an import (after its 3rd committed chunk; on PostgreSQL read in its
 *   worker thread and written by COPY) ends with every row imported exactly once, and on PGlite
 *   other requests are answered between the import's chunks;
 * - a kill in the middle of a by-key (新增或更新) import ends with every record updated once and
 *   every new row added once (ADR 1064);
 * - an export killed while writing its file, and again once the file was complete, leaves no
 *   file at its key, writes the file once and ends with one message and one downloadable file;
 * - a kill in the middle of a batch edit (PGlite: after its 3rd committed chunk; PostgreSQL:
 *   after its commit) ends with every record edited exactly once;
 * - a re-queued older batch edit does not overwrite what a newer edit wrote (version check);
 * - a job that kills its process at every start fails after 3 attempts with a message to its owner.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/types.js';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { call, createPgDatabase, spawnMain, type MainProcess } from '../support/apiProcess.js';
import { testDatabaseKind } from '../support/testDatabase.js';
import { settledJob } from '../support/waitFor.js';

const FORM = 'once_jobs';
const CN = '一次任务单';
const SEED = 2000;
const postgres = testDatabaseKind() === 'postgres';
const dataDir = mkdtempSync(join(tmpdir(), 'formwork-jobs-once-'));
let pgDb: { url: string; drop(): Promise<void> } | null = null;
const live: MainProcess[] = [];

/** A server process on the test's database; `env` adds test hooks and retry settings. */
async function start(env: Record<string, string> = {}): Promise<{ main: MainProcess; url: string; token: string }> {
  const main = spawnMain({ DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', JOB_RETRY_SECONDS: '1', JOB_STALE_SECONDS: '3', ...env });
  live.push(main);
  const url = await main.address;
  const token = (await call(url, 'POST', '/api/login', null, { username: 'admin', password: 'admin123' })).json.token;
  return { main, url, token };
}

async function stop(main: MainProcess): Promise<void> {
  if (main.child.exitCode === null && main.child.signalCode === null) main.child.kill('SIGTERM');
  await main.exited;
}

/** Reads the database while no server process runs (PGlite's data directory has one owner at a time). */
async function inDb<T>(fn: (db: Kysely<Database>, table: ReturnType<typeof sql.id>) => Promise<T>): Promise<T> {
  const d = await openDatabase(pgDb ? { kind: 'postgres', url: pgDb.url, max: 2 } : { kind: 'pglite', dataDir });
  try {
    const def = await sql<{ tenant_id: number; storage: { tables: { name: string }[] } }>`SELECT tenant_id, storage FROM form_definitions WHERE en_name = ${FORM}`.execute(d.db);
    const { tenant_id, storage } = def.rows[0];
    return await fn(d.db, sql.id(`t_${tenant_id}`, storage.tables[0].name));
  } finally {
    await d.close();
  }
}

function workbook(prefix: string, n: number): Blob {
  const rows: unknown[][] = [['标题', '负责人']];
  for (let i = 1; i <= n; i++) rows.push([`${prefix}${i}`, '']);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return new Blob([new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer)]);
}

async function postImport(url: string, token: string, prefix: string, n: number, file = workbook(prefix, n), query = ''): Promise<string> {
  const form = new FormData();
  form.append('file', file, `${prefix}.xlsx`);
  const r = await call(url, 'POST', `/api/auto/${FORM}/importData?onlyParse=false${query}`, token, form);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.jobId;
}

const search = (title: string) => ({ searchConList: [{ enName: 'title', title, searchType: 'like' }], pageNum: 1, pageSize: 20 });

async function postBatch(url: string, token: string, title: string, owner: string, expectedCount: number): Promise<string> {
  const r = await call(url, 'POST', `/api/auto/${FORM}/batchUpdate/job`, token, { query: search(title), data: { owner }, expectedCount });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.jobId;
}

/**
 * Queues a batch edit in a process set to die when a batch edit is claimed: on PGlite the claim
 * may come before the answer is sent, so the id is then read from the database once it died.
 */
async function postBatchAndDie(s: { main: MainProcess; url: string; token: string }, owner: string): Promise<string> {
  const id = await postBatch(s.url, s.token, '种子', owner, SEED).catch(() => null);
  expect(await s.main.exited).toBeNull();
  return id ?? inDb(async (db) => (await sql<{ id: string }>`SELECT id FROM jobs WHERE kind = 'batchEdit' ORDER BY create_time DESC LIMIT 1`.execute(db)).rows[0].id);
}

/** The job's state once it is no longer queued or running (not expect.poll: beforeAll uses it too). */
function settled(url: string, token: string, jobId: string): Promise<any> {
  return settledJob(async () => (await call(url, 'GET', `/api/jobs/${jobId}`, token)).json.data, { timeoutMs: 240_000, intervalMs: 200 });
}

beforeAll(async () => {
  if (postgres) pgDb = await createPgDatabase(process.env.TEST_DATABASE_URL!);
  const s = await start();
  const r = await call(s.url, 'POST', '/api/flowable/form', s.token, {
    enName: FORM, cnName: CN, fields: [{ enName: 'title', label: '标题', funcType: 'input' }, { enName: 'owner', label: '负责人', funcType: 'input' }],
  });
  expect(r.json.code, JSON.stringify(r.json)).toBe(200);
  const job = await settled(s.url, s.token, await postImport(s.url, s.token, '种子', SEED));
  expect(job.result).toMatchObject({ success: true, imported: SEED });
  await stop(s.main);
}, 300_000);

afterAll(async () => {
  for (const m of live) if (m.child.exitCode === null && m.child.signalCode === null) m.child.kill('SIGKILL');
  await Promise.all(live.map((m) => m.exited));
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('jobs killed with SIGKILL', () => {
  it('an import killed right after its commit is done at the restart, its rows there once', async () => {
    const a = await start({ JOB_TEST_CRASH_AT: 'committed:import' });
    const jobId = await postImport(a.url, a.token, '补充', 1500);
    expect(await a.main.exited).toBeNull();
    const b = await start();
    const job = await settled(b.url, b.token, jobId);
    expect(job).toMatchObject({ status: 'done', result: { success: true, imported: 1500 } });
    await stop(b.main);
    const { rows, messages } = await inDb(async (db, t) => ({
      rows: Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${t} WHERE title LIKE '补充%'`.execute(db)).rows[0].n),
      messages: Number((await sql<{ n: string }>`SELECT count(*) AS n FROM messages WHERE title = ${`导入完成：${CN}`} AND content LIKE '补充%'`.execute(db)).rows[0].n),
    }));
    expect({ rows, messages }).toEqual({ rows: 1500, messages: 1 });
  }, 600_000);

  it('an import killed midway imports every row exactly once', async () => {
    // An import is written in committed chunks (ADR 0807, 1064): killed after the 3rd, it resumes
    // after its cursor. On PostgreSQL the file is read in the worker thread (IMPORT_WORKER_BYTES=0)
    // and each 1,000-row chunk goes in by COPY; the restart resumes on the main thread.
    const a = await start({ JOB_TEST_CRASH_AT: postgres ? 'chunk:import#2' : 'chunk:import#3', IMPORT_WORKER_BYTES: '0' });
    const jobId = await postImport(a.url, a.token, '续导', 3000).catch(() => null);
    expect(await a.main.exited).toBeNull();
    const id = jobId ?? await inDb(async (db) => (await sql<{ id: string }>`SELECT id FROM jobs WHERE kind = 'import' ORDER BY create_time DESC LIMIT 1`.execute(db)).rows[0].id);
    // The kill came after some chunks: some rows were in, not all.
    const before = await inDb(async (db, t) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${t} WHERE title LIKE '续导%'`.execute(db)).rows[0].n));
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(3000);
    const b = await start();
    const job = await settled(b.url, b.token, id);
    expect(job).toMatchObject({ status: 'done', result: { success: true, imported: 3000 } });
    await stop(b.main);
    const r = await inDb(async (db, t) => (await sql<{ rows: string; distinct: string; messages: string }>`
      SELECT (SELECT count(*) FROM ${t} WHERE title LIKE '续导%') AS rows,
             (SELECT count(DISTINCT title) FROM ${t} WHERE title LIKE '续导%') AS distinct,
             (SELECT count(*) FROM messages WHERE title = ${`导入完成：${CN}`} AND content LIKE '续导%') AS messages`.execute(db)).rows[0]);
    expect({ rows: Number(r.rows), distinct: Number(r.distinct), messages: Number(r.messages) }).toEqual({ rows: 3000, distinct: 3000, messages: 1 });
  }, 600_000);

  it('a by-key import (新增或更新) killed midway updates every record once and adds every new row once', async () => {
    // 1,500 rows to update (imported first, 6 chunks of 250), then a file of those 1,500 with a new
    // owner and 1,500 new rows, by 标题: killed after its 3rd chunk (the 9th of the process).
    const a = await start({ JOB_TEST_CRASH_AT: 'chunk:import#9' });
    expect(await settled(a.url, a.token, await postImport(a.url, a.token, '键源', 1500))).toMatchObject({ status: 'done', result: { imported: 1500 } });
    const rows: unknown[][] = [['标题', '负责人']];
    for (let i = 1; i <= 1500; i++) rows.push([`键源${i}`, '键改'], [`键新${i}`, '键加']);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
    const file = new Blob([new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer)]);
    const jobId = await postImport(a.url, a.token, '键导', 3000, file, '&mode=upsert&key=title').catch(() => null);
    expect(await a.main.exited).toBeNull();
    const id = jobId ?? await inDb(async (db) => (await sql<{ id: string }>`SELECT id FROM jobs WHERE kind = 'import' ORDER BY create_time DESC LIMIT 1`.execute(db)).rows[0].id);
    const count = () => inDb(async (db, t) => (await sql<{ changed: string; added: string; distinct: string; sources: string }>`
      SELECT (SELECT count(*) FROM ${t} WHERE title LIKE '键源%' AND owner = '键改') AS changed,
             (SELECT count(*) FROM ${t} WHERE title LIKE '键新%') AS added,
             (SELECT count(DISTINCT title) FROM ${t} WHERE title LIKE '键新%') AS distinct,
             (SELECT count(*) FROM ${t} WHERE title LIKE '键源%') AS sources`.execute(db)).rows[0]);
    const before = await count();
    // Three chunks of 250 rows were in: 375 edits and 375 adds.
    expect({ changed: Number(before.changed), added: Number(before.added) }).toEqual({ changed: 375, added: 375 });
    const b = await start();
    const job = await settled(b.url, b.token, id);
    expect(job).toMatchObject({ status: 'done', result: { success: true, imported: 3000, added: 1500, updated: 1500 } });
    await stop(b.main);
    const after = await count();
    expect({ changed: Number(after.changed), added: Number(after.added), distinct: Number(after.distinct), sources: Number(after.sources) })
      .toEqual({ changed: 1500, added: 1500, distinct: 1500, sources: 1500 });
  }, 600_000);

  it.runIf(!postgres)('a long import on PGlite leaves the connection to other requests between its chunks', async () => {
    // Paused after its first committed chunk: the import is under way, the server answers.
    const gate = join(dataDir, 'pause-import');
    writeFileSync(gate, '');
    const a = await start({ JOB_TEST_PAUSE_AT: `chunk:import=${gate}` });
    const jobId = await postImport(a.url, a.token, '长导', 4000);
    await expect.poll(async () => (await call(a.url, 'GET', `/api/jobs/${jobId}`, a.token)).json.data, { timeout: 120_000, interval: 200 })
      .toMatchObject({ status: 'running', phase: 'write' });
    const list = await call(a.url, 'POST', `/api/auto/${FORM}/list`, a.token, search('长导'));
    expect(list.status).toBe(200);
    // Its first chunk is committed and visible; the rest is not written yet.
    expect(list.json.total).toBeGreaterThan(0);
    expect(list.json.total).toBeLessThan(4000);
    rmSync(gate);
    const job = await settled(a.url, a.token, jobId);
    expect(job).toMatchObject({ status: 'done', result: { success: true, imported: 4000 } });
    expect((await call(a.url, 'POST', `/api/auto/${FORM}/list`, a.token, search('长导'))).json.total).toBe(4000);
    await stop(a.main);
  }, 600_000);

  it('an export killed while writing and after writing ends with one complete file, written once', async () => {
    // First run: killed after its first chunk of rows went into the file.
    const a = await start({ JOB_TEST_CRASH_AT: 'chunk:export', EXPORT_WORKER: 'off' });
    const posted = await call(a.url, 'POST', `/api/auto/${FORM}/export`, a.token, { currentColumns: ['title'] }).catch(() => null);
    expect(await a.main.exited).toBeNull();
    const id: string = posted?.json?.data?.jobId
      ?? await inDb(async (db) => (await sql<{ id: string }>`SELECT id FROM jobs WHERE kind = 'export' ORDER BY create_time DESC LIMIT 1`.execute(db)).rows[0].id);
    /** The files the store holds under the job's folder (the key's uuid is the job's id). */
    const jobFiles = () => {
      const root = join(dataDir, 'files');
      const found: string[] = [];
      for (const t of readdirSync(root)) for (const day of readdirSync(join(root, t))) {
        if (readdirSync(join(root, t, day)).includes(id)) found.push(...readdirSync(join(root, t, day, id)));
      }
      return found;
    };
    // Nothing at a key: at most the side file the store writes under.
    expect(jobFiles().filter((f) => !f.endsWith('.partial'))).toEqual([]);
    // Second run: killed once the file is complete, before the job ended.
    const b = await start({ JOB_TEST_CRASH_AT: 'written:export', EXPORT_WORKER: 'off' });
    expect(await b.main.exited).toBeNull();
    const written = jobFiles();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^一次任务单_\d{14}\.xlsx$/);
    // Third run: finds the file and only ends the job.
    const c = await start({ JOB_TEST_CRASH_AT: 'chunk:export', EXPORT_WORKER: 'off' });
    const job = await settled(c.url, c.token, id);
    expect(c.main.child.exitCode).toBeNull();
    expect(job).toMatchObject({ status: 'done', result: { fileName: written[0] } });
    const res = await fetch(`${c.url}/api/common/download?fileName=${encodeURIComponent(job.result.fileKey)}`, { headers: { authorization: `Bearer ${c.token}` } });
    expect(res.status).toBe(200);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows.length - 1).toBe(job.result.rows);
    expect(job.result.rows).toBeGreaterThan(2000);
    await stop(c.main);
    expect(jobFiles()).toEqual(written);
    const messages = await inDb(async (db) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM messages WHERE title = ${`导出完成：${CN}`}`.execute(db)).rows[0].n));
    expect(messages).toBe(1);
  }, 600_000);

  it('a batch edit killed midway edits every record exactly once', async () => {
    // PGlite writes in committed chunks: killed after the 3rd, it resumes after its cursor.
    // PostgreSQL writes in one transaction: killed right after it committed with the job's end.
    // Edit log lines written before (the by-key import's edits) are not this job's.
    const logsBefore = await inDb(async (db) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM oper_log WHERE title = ${CN} AND business_type = 2`.execute(db)).rows[0].n));
    const a = await start({ JOB_TEST_CRASH_AT: postgres ? 'committed:batchEdit' : 'chunk:batchEdit#3' });
    const jobId = await postBatch(a.url, a.token, '种子', '甲', SEED);
    expect(await a.main.exited).toBeNull();
    const b = await start();
    const job = await settled(b.url, b.token, jobId);
    expect(job).toMatchObject({ status: 'done', result: { success: true, updated: SEED } });
    await stop(b.main);
    const r = await inDb(async (db, t) => (await sql<{ owners: string; versions: string; logs: string }>`
      SELECT (SELECT count(*) FROM ${t} WHERE title LIKE '种子%' AND owner = '甲') AS owners,
             (SELECT count(DISTINCT version) FROM ${t} WHERE title LIKE '种子%') AS versions,
             (SELECT count(*) FROM oper_log WHERE title = ${CN} AND business_type = 2) AS logs`.execute(db)).rows[0]);
    expect({ owners: Number(r.owners), versions: Number(r.versions), logs: Number(r.logs) - logsBefore }).toEqual({ owners: SEED, versions: 1, logs: SEED });
  }, 600_000);

  it('a re-queued older batch edit does not overwrite what a newer edit wrote', async () => {
    const older = await postBatchAndDie(await start({ JOB_TEST_CRASH_AT: 'claimed:batchEdit' }), '乙');
    // The restart re-queues it to run again in 30 s; meanwhile a newer edit changes 111 records.
    const b = await start({ JOB_RETRY_SECONDS: '30' });
    const newer = await call(b.url, 'POST', `/api/auto/${FORM}/batchUpdate`, b.token, { query: search('种子7'), data: { owner: '丙' } });
    expect(newer.json, JSON.stringify(newer.json)).toMatchObject({ code: 200, data: { updated: 111 } });
    const job = await settled(b.url, b.token, older);
    expect(job).toMatchObject({ status: 'failed', error: '111行数据未能修改，本次未作任何修改：数据已被他人修改，请刷新后重试' });
    await stop(b.main);
    const owners = await inDb(async (db, t) => (await sql<{ owner: string; n: string }>`
      SELECT owner, count(*) AS n FROM ${t} WHERE title LIKE '种子%' GROUP BY owner`.execute(db)).rows.map((x) => [x.owner, Number(x.n)]));
    // The newer edit's 111 records keep its value; the older job wrote nothing (all or nothing).
    const byOwner = Object.fromEntries(owners);
    expect([byOwner['丙'], byOwner['乙']]).toEqual([111, undefined]);
  }, 600_000);

  it('a job that kills its process at every start fails after 3 attempts, with a message to its owner', async () => {
    const jobId = await postBatchAndDie(await start({ JOB_TEST_CRASH_AT: 'claimed:batchEdit' }), '丁');
    for (let i = 2; i <= 3; i++) {
      // Each start re-queues the job and claims it again (after a 1 s delay), maybe before it listens.
      const again = spawnMain({ DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', JOB_RETRY_SECONDS: '1', JOB_STALE_SECONDS: '3', JOB_TEST_CRASH_AT: 'claimed:batchEdit' });
      live.push(again);
      expect(await again.exited).toBeNull();
    }
    const last = await start();
    const job = await settled(last.url, last.token, jobId);
    expect(job).toMatchObject({ status: 'failed', error: '任务多次中断，已停止重试' });
    const inbox = await call(last.url, 'POST', '/api/msg/detail/page/get', last.token, { pageNum: 1, pageSize: 10 });
    await stop(last.main);
    const r = await inDb(async (db, t) => ({
      attempts: Number((await sql<{ attempts: number }>`SELECT attempts FROM jobs WHERE id = ${jobId}`.execute(db)).rows[0].attempts),
      messages: (await sql<{ content: string }>`SELECT content FROM messages WHERE title = ${`任务失败：批量修改：${CN}`}`.execute(db)).rows.map((x) => x.content),
      untouched: Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${t} WHERE owner = '丁'`.execute(db)).rows[0].n),
    }));
    expect(r).toEqual({ attempts: 3, messages: ['任务多次中断，已停止重试（已尝试3次，每次都中断了服务）。请缩小数据范围后重新提交，或联系管理员。'], untouched: 0 });
    expect(JSON.stringify(inbox.json)).toContain(`任务失败：批量修改：${CN}`);
  }, 600_000);
});
