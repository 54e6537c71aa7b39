/**
 * A server process killed during an import's write keeps the chunks it committed (each with the
 * job's cursor, ADR 1064), and the job is taken over by the next process on the same PostgreSQL
 * (after its heartbeat went silent), which resumes after the cursor: every row once.
 * PostgreSQL only: on PGlite the write holds the one connection, so no status call can tell the
 * write is under way (ADR 0802); its restart path is covered in jobs.test.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/server/db/openDatabase.js';
import { call, spawnMain, type MainProcess } from '../support/apiProcess.js';
import { createTestDatabase, testDatabaseKind } from '../support/testDatabase.js';

const dataDir = mkdtempSync(join(tmpdir(), 'formwork-io-kill-'));
const children: ChildProcess[] = [];
let database: AppDatabase | undefined;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The two processes share one data directory, as one host's restarts would. */
function startMain(databaseUrl: string): MainProcess {
  const main = spawnMain({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  children.push(main.child);
  return main;
}

async function login(url: string): Promise<string> {
  return (await call(url, 'POST', '/api/login', null, { username: 'admin', password: 'admin123' })).json.token;
}

async function formRows(distinct = false): Promise<number> {
  const def = await sql<{ tenant_id: number; storage: { tables: { name: string }[] } }>`SELECT tenant_id, storage FROM form_definitions WHERE en_name = 'io_kill'`.execute(database!.db);
  const { tenant_id, storage } = def.rows[0];
  const r = await sql<{ n: number }>`SELECT ${distinct ? sql`count(DISTINCT title)` : sql`count(*)`}::int AS n FROM ${sql.id(`t_${tenant_id}`, storage.tables[0].name)}`.execute(database!.db);
  return r.rows[0].n;
}

describe.runIf(testDatabaseKind() === 'postgres')('an import when its server is killed', () => {
  it('keeps its committed chunks, and the next process resumes after them: every row once', async () => {
    database = await createTestDatabase();
    const dbUrl = (database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const first = startMain(dbUrl);
    const url = await first.address;
    const token = await login(url);
    expect((await call(url, 'POST', '/api/flowable/form', token, { enName: 'io_kill', cnName: '中断导入', fields: [{ enName: 'title', label: '标题', funcType: 'input' }, { enName: 'n', label: '序号', funcType: 'number' }] })).json.code).toBe(200);
    const rows: unknown[][] = [['标题', '序号']];
    for (let i = 0; i < 40_000; i++) rows.push([`行${i}`, i]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer)]), 'big.xlsx');
    const jobId = (await call(url, 'POST', '/api/auto/io_kill/importData?onlyParse=false', token, form)).json.data.jobId;

    // Kill it once chunks of rows were committed (the progress says so only after a commit).
    await expect.poll(async () => {
      const d = (await call(url, 'GET', `/api/jobs/${jobId}`, token)).json.data;
      return d.phase === 'write' && d.done > 0;
    }, { timeout: 120_000, interval: 20 }).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    const before = await formRows();
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(40_000);

    // The next process takes the job over once its runner's heartbeat is a minute old.
    const second = startMain(dbUrl);
    const url2 = await second.address;
    const token2 = await login(url2);
    let last: any;
    await expect.poll(async () => {
      last = (await call(url2, 'GET', `/api/jobs/${jobId}`, token2)).json.data;
      return last.status;
    }, { timeout: 200_000, interval: 1000 }).toBe('done');
    expect(last.result).toMatchObject({ success: true, imported: 40_000 });
    expect(await formRows()).toBe(40_000);
    expect(await formRows(true)).toBe(40_000);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 300_000);
});
