/**
 * A server process killed during an import's write leaves no partial rows, and the job is taken
 * over by the next process on the same PostgreSQL (after its heartbeat went silent) and done once.
 * PostgreSQL only: on PGlite the write holds the one connection, so no status call can tell the
 * write is under way (ADR 0802); its restart path is covered in jobs.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/server/db/openDatabase.js';
import { createTestDatabase, testDatabaseKind } from '../support/testDatabase.js';

const dataDir = mkdtempSync(join(tmpdir(), 'formwork-io-kill-'));
const children: ChildProcess[] = [];
let database: AppDatabase | undefined;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function startMain(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: join(dataDir, 'no-client'), LOG_LEVEL: 'info', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const address = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const m = /"address":"(http:\/\/[^"]+)"/.exec(output);
      if (m) resolve(m[1]);
    });
    void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  address.catch(() => {});
  return { child, address, exited };
}

async function call(url: string, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

async function login(url: string): Promise<string> {
  return (await call(url, null, 'POST', '/api/login', { username: 'admin', password: 'admin123' })).token;
}

async function formRows(): Promise<number> {
  const def = await sql<{ tenant_id: number; storage: { tables: { name: string }[] } }>`SELECT tenant_id, storage FROM form_definitions WHERE en_name = 'io_kill'`.execute(database!.db);
  const { tenant_id, storage } = def.rows[0];
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(`t_${tenant_id}`, storage.tables[0].name)}`.execute(database!.db);
  return r.rows[0].n;
}

describe.runIf(testDatabaseKind() === 'postgres')('an import when its server is killed', () => {
  it('leaves no partial rows, and the next process redoes the job once', async () => {
    database = await createTestDatabase();
    const dbUrl = (database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const first = startMain(dbUrl);
    const url = await first.address;
    const token = await login(url);
    expect((await call(url, token, 'POST', '/api/flowable/form', { enName: 'io_kill', cnName: '中断导入', fields: [{ enName: 'title', label: '标题', funcType: 'input' }, { enName: 'n', label: '序号', funcType: 'number' }] })).code).toBe(200);
    const rows: unknown[][] = [['标题', '序号']];
    for (let i = 0; i < 40_000; i++) rows.push([`行${i}`, i]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer)]), 'big.xlsx');
    const jobId = (await call(url, token, 'POST', '/api/auto/io_kill/importData?onlyParse=false', form)).data.jobId;

    // Kill it once rows went into the (uncommitted) transaction.
    await expect.poll(async () => {
      const d = (await call(url, token, 'GET', `/api/jobs/${jobId}`)).data;
      return d.phase === 'write' && d.done > 0;
    }, { timeout: 120_000, interval: 20 }).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await formRows()).toBe(0);

    // The next process takes the job over once its runner's heartbeat is a minute old.
    const second = startMain(dbUrl);
    const url2 = await second.address;
    const token2 = await login(url2);
    let last: any;
    await expect.poll(async () => {
      last = (await call(url2, token2, 'GET', `/api/jobs/${jobId}`)).data;
      return last.status;
    }, { timeout: 200_000, interval: 1000 }).toBe('done');
    expect(last.result).toMatchObject({ success: true, imported: 40_000 });
    expect(await formRows()).toBe(40_000);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 300_000);
});
