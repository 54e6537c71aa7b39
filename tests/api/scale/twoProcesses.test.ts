/**
 * Two API processes on one PostgreSQL behave as one (issue 16). Two real `main.ts` processes on
 * one test database and one S3 bucket (s3rver): sessions, idempotent adds, optimistic versions,
 * cached form models and login throttling hold across both. Runs in the api-pg project
 * (TEST_DATABASE_URL); elsewhere it is skipped with a line saying so.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPgDatabase, startApiProcess, type ApiProcess } from '../support/apiProcess.js';
import { startS3Server, type TestS3Server } from '../support/s3Server.js';
import { testDatabaseKind } from '../support/testDatabase.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const enabled = testDatabaseKind() === 'postgres' && !!adminUrl;
if (!enabled) console.log('twoProcesses.test.ts skipped: the two-process suite needs PostgreSQL (runs in the api-pg project when TEST_DATABASE_URL is set)');

let database: { url: string; drop(): Promise<void> };
let s3: TestS3Server;
let a: ApiProcess;
let b: ApiProcess;

async function login(p: ApiProcess, userName = 'admin', password = 'admin123', tenantCode = 'DEFAULT') {
  return call(p.url, 'POST', '/api/login', null, { username: userName, password, tenantCode });
}
async function token(p: ApiProcess, userName = 'admin', password = 'admin123'): Promise<string> {
  const r = await login(p, userName, password);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.token;
}

describe.skipIf(!enabled)('two API processes on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createPgDatabase(adminUrl!);
    s3 = await startS3Server();
    const env = { DATABASE_URL: database.url, ...s3.env };
    // The first migrates and seeds; the second starts on the prepared database (as in a rolling start).
    a = await startApiProcess(env);
    b = await startApiProcess(env);
  }, 400_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    await database?.drop();
  }, 120_000);

  it('a sign-out on one process is refused at once on the other', async () => {
    const t = await token(a);
    expect((await call(b.url, 'GET', '/api/getInfo', t)).status).toBe(200);
    expect((await call(a.url, 'POST', '/api/logout', t)).status).toBe(200);
    const after = await call(b.url, 'GET', '/api/getInfo', t);
    expect(after.status).toBe(401);
  });

  it('a password reset on one process ends the user\'s sessions on the other; only the new password signs in there', async () => {
    const admin = await token(a);
    const users = await call(b.url, 'GET', '/api/system/user/list?pageNum=1&pageSize=50', admin);
    const user = (users.json.rows as { userId: number; userName: string }[]).find((u) => u.userName !== 'admin');
    expect(user).toBeTruthy();
    const userToken = await token(b, user!.userName);
    expect((await call(b.url, 'GET', '/api/getInfo', userToken)).status).toBe(200);
    const reset = await call(a.url, 'POST', '/api/system/user/resetPwd', admin, { userId: user!.userId, password: 'Newpass#2026' });
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    expect((await call(b.url, 'GET', '/api/getInfo', userToken)).status).toBe(401);
    expect((await login(b, user!.userName, 'admin123')).status).toBe(400);
    expect((await login(b, user!.userName, 'Newpass#2026')).status).toBe(200);
  });

  describe('records', () => {
    let admin: string;
    let formId: number;
    const fields = [{ enName: 'title', label: '标题', funcType: 'input' }];
    beforeAll(async () => {
      admin = await token(a);
      const r = await call(a.url, 'POST', '/api/flowable/form', admin, { enName: 'scale_note', cnName: '扩展便签', fields });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      formId = r.json.data.id;
    });

    it('an add retried across both processes with one uuid creates one record', async () => {
      const uuid = (await call(a.url, 'GET', '/api/auto/uuid/get', admin)).json.data;
      const body = { formName: 'scale_note', data: { title: `重试-${randomUUID()}` }, uuid };
      const [one, two] = await Promise.all([a, b].map((p) => call(p.url, 'POST', '/api/auto/scale_note/add', admin, body)));
      expect(one.status, JSON.stringify(one.json)).toBe(200);
      expect(two.status, JSON.stringify(two.json)).toBe(200);
      expect(two.json.data.id).toBe(one.json.data.id);
      const again = await call(b.url, 'POST', '/api/auto/scale_note/add', admin, body);
      expect(again.json.data.id).toBe(one.json.data.id);
      const list = await call(a.url, 'POST', '/api/auto/scale_note/list', admin, { pageNum: 1, pageSize: 50 });
      expect((list.json.rows as { title: string }[]).filter((r) => r.title === body.data.title)).toHaveLength(1);
    });

    it('an edit at a version another process already moved on is a 409 and writes nothing', async () => {
      const added = await call(a.url, 'POST', '/api/auto/scale_note/add', admin, { formName: 'scale_note', data: { title: '原文' } });
      const id = added.json.data.id;
      const v = (await call(b.url, 'GET', `/api/auto/scale_note/${id}`, admin)).json.data.version;
      const first = await call(a.url, 'POST', `/api/auto/scale_note/edit/${id}`, admin, { version: v, data: { title: '甲改' } });
      expect(first.status, JSON.stringify(first.json)).toBe(200);
      const stale = await call(b.url, 'POST', `/api/auto/scale_note/edit/${id}`, admin, { version: v, data: { title: '乙改' } });
      expect(stale.status).toBe(409);
      const now = (await call(b.url, 'GET', `/api/auto/scale_note/${id}`, admin)).json.data;
      expect(now).toMatchObject({ title: '甲改', version: v + 1 });
    });

    it('a filtered exact total and sum cached on one process follow writes made through the other (ADR 0931)', async () => {
      const query = { pageNum: 1, pageSize: 1, exactTotal: true, searchConList: [{ enName: 'title', title: '计数缓存', searchType: 'like' }] };
      const totalOn = async (p: ApiProcess) => {
        const r = await call(p.url, 'POST', '/api/auto/scale_note/list', admin, query);
        expect(r.status, JSON.stringify(r.json)).toBe(200);
        return r.json.total as number;
      };
      const add = async (p: ApiProcess, title: string) => (await call(p.url, 'POST', '/api/auto/scale_note/add', admin, { formName: 'scale_note', data: { title } })).json.data;
      await add(a, '计数缓存一');
      await add(a, '计数缓存二');
      // B computes and keeps the answer, then answers it again from its cache.
      expect(await totalOn(b)).toBe(2);
      expect(await totalOn(b)).toBe(2);
      const third = await add(a, '计数缓存三');
      expect(await totalOn(b)).toBe(3);
      const v = (await call(a.url, 'GET', `/api/auto/scale_note/${third.id}`, admin)).json.data.version;
      expect((await call(a.url, 'POST', `/api/auto/scale_note/edit/${third.id}`, admin, { version: v, data: { title: '改名' } })).status).toBe(200);
      expect(await totalOn(b)).toBe(2);
      expect(await totalOn(a)).toBe(2);
    });

    it('a form definition saved on one process is used at once by the other\'s cached list model', async () => {
      const added = await call(a.url, 'POST', '/api/auto/scale_note/add', admin, { formName: 'scale_note', data: { title: '缓存' } });
      const id = added.json.data.id;
      // B caches the model of scale_note (read calls keep it for MODEL_CACHE_TTL_MS).
      const before = await call(b.url, 'POST', '/api/auto/scale_note/list/ids', admin, [id]);
      expect(before.status).toBe(200);
      expect(before.json.data[0]).not.toHaveProperty('remark');
      const edited = await call(a.url, 'POST', '/api/flowable/form/edit', admin, {
        id: formId, enName: 'scale_note', cnName: '扩展便签', fields: [...fields, { enName: 'remark', label: '备注', funcType: 'input' }],
      });
      expect(edited.status, JSON.stringify(edited.json)).toBe(200);
      const edit = await call(a.url, 'POST', `/api/auto/scale_note/edit/${id}`, admin, { version: added.json.data.version ?? 1, data: { remark: '新字段' } });
      expect(edit.status, JSON.stringify(edit.json)).toBe(200);
      // The NOTIFY reaches B within milliseconds; far inside the cache's 30 s.
      await expect.poll(async () => (await call(b.url, 'POST', '/api/auto/scale_note/list/ids', admin, [id])).json.data[0]?.remark, { timeout: 10_000 }).toBe('新字段');
    });
  });

  it('login throttling counts failures on both processes together', async () => {
    const user = 'admin';
    const wrong = (p: ApiProcess) => login(p, user, 'wrong-password', 'T2');
    for (const p of [a, b, a, b]) expect((await wrong(p)).status).toBe(400);
    // The fifth failure, on either process, locks the account for both.
    const fifth = await wrong(a);
    expect(fifth.status).toBe(429);
    const locked = await login(b, user, 'admin123', 'T2');
    expect(locked.status).toBe(429);
    expect(locked.json.msg).toBe(fifth.json.msg);
  });

  it('a file uploaded through one process downloads through the other (one bucket)', async () => {
    const t = await token(a);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('共享文件内容')]), '共享.txt');
    const up = await fetch(`${a.url}/api/common/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${t}` } });
    expect(up.status).toBe(200);
    const { url } = (await up.json()).data;
    const down = await fetch(b.url + url, { headers: { authorization: `Bearer ${t}` } });
    expect(down.status).toBe(200);
    expect(await down.text()).toBe('共享文件内容');
    expect(down.headers.get('content-disposition')).toContain(encodeURIComponent('共享.txt'));
  });

  it('/api/health is ready on both; SIGTERM lets an upload under way finish, exits 0, and the other process keeps serving', async () => {
    for (const p of [a, b]) expect((await call(p.url, 'GET', '/api/health', null)).json.data).toMatchObject({ status: 'ok', database: 'ok', migrations: { current: true } });
    const t = await token(b);
    const boundary = '----fwshutdown';
    const enc = new TextEncoder();
    let sent = 0;
    // A slow upload: 3 parts of 64 KiB, 400 ms apart; SIGTERM arrives after the first.
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 0) controller.enqueue(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`));
        if (sent < 3) {
          if (sent > 0) await new Promise((r) => setTimeout(r, 400));
          controller.enqueue(new Uint8Array(64 * 1024).fill(sent + 1));
          sent++;
          return;
        }
        controller.enqueue(enc.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      },
    });
    const uploadsSeen = () => (b.output().match(/"url":"\/api\/common\/upload"/g) ?? []).length;
    const seenBefore = uploadsSeen();
    const upload = fetch(`${b.url}/api/common/upload`, {
      method: 'POST', body, duplex: 'half', headers: { authorization: `Bearer ${t}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    // SIGTERM once the process has taken the request (it logs each incoming one): a request that
    // arrives after shutdown began is refused with 503 by design.
    await expect.poll(uploadsSeen, { timeout: 30_000 }).toBe(seenBefore + 1);
    const exit = b.stop();
    const res = await upload;
    expect(res.status).toBe(200);
    expect((await res.json()).data.size).toBe(3 * 64 * 1024);
    expect(await exit).toBe(0);
    expect(b.output()).toContain('shutting down');
    expect((await call(a.url, 'GET', '/api/getInfo', await token(a))).status).toBe(200);
  }, 120_000);
});
