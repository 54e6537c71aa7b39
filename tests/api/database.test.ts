import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/openDatabase.js';
import { DataDirLockedError, LOCK_NAME } from '../../src/server/db/lockFile.js';
import { migrate } from '../../src/server/db/migrate.js';
import { runSeed } from '../../src/server/services/seed/index.js';
import { pruneSessions } from '../../src/server/repositories/sessionRepository.js';
import { createTestDatabase } from './support/testDatabase.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'formwork-db-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('PGlite in a data directory', () => {
  it('refuses a second open of the same directory with a clear message, and allows it after close', async () => {
    const dir = tempDir();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(existsSync(join(dir, LOCK_NAME))).toBe(true);
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(/is in use by another Formwork process \(pid \d+\)/);
    await first.close();
    expect(existsSync(join(dir, LOCK_NAME))).toBe(false);
    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    await second.close();
  });

  it('refuses a directory locked by another live process', async () => {
    const dir = tempDir();
    // The parent of this test process is alive for the whole run.
    writeFileSync(join(dir, LOCK_NAME), String(process.ppid));
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(`(pid ${process.ppid})`);
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_NAME), '999999999');
    const db = await openDatabase({ kind: 'pglite', dataDir: dir });
    await db.close();
  });

  it('takes over a lock naming its own pid that it does not hold (a restarted container)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_NAME), String(process.pid));
    const db = await openDatabase({ kind: 'pglite', dataDir: dir });
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await db.close();
  });

  it('keeps data across a close and reopen, with pg_trgm available', async () => {
    const dir = tempDir();
    const a = await openDatabase({ kind: 'pglite', dataDir: dir });
    await migrate(a.db);
    await runSeed(a.db, { adminPassword: 'pw12345' });
    await a.close();
    const b = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(await migrate(b.db)).toEqual([]);
    expect(await runSeed(b.db, { adminPassword: 'pw12345' })).toEqual([]);
    const users = await b.db.selectFrom('users').select('user_name').where('user_name', '=', 'admin').execute();
    expect(users).toHaveLength(2);
    const sim = await sql<{ s: number }>`SELECT similarity('华建工程', '华建工程有限公司') AS s`.execute(b.db);
    expect(sim.rows[0].s).toBeGreaterThan(0);
    await b.close();
    // Two opens of a PGlite data directory plus the whole demo seed: 66 s once on a 2-core CI
    // machine at load 25, over the project's 60 s.
  }, 180_000);
});

describe('migrations and seed (on the configured test database)', () => {
  it('apply once, run again as no-ops, and keep dates as YYYY-MM-DD', async () => {
    const database = await createTestDatabase();
    try {
      const applied = await migrate(database.db);
      expect(applied.slice(0, 2)).toEqual([1, 2]);
      expect(await migrate(database.db)).toEqual([]);
      const ran = await runSeed(database.db, { adminPassword: 'pw12345' });
      expect(ran.slice(0, 4)).toEqual(['tenants', 'system-data', 'menus', 'addresses']);
      expect(await runSeed(database.db, { adminPassword: 'pw12345' })).toEqual([]);
      const tenants = await database.db.selectFrom('tenants').select('code').orderBy('id').execute();
      expect(tenants.map((x) => x.code)).toEqual(['DEFAULT', 'T2']);
      const d = await sql<{ d: unknown; n: unknown }>`SELECT DATE '2026-03-01' AS d, count(*) AS n FROM tenants`.execute(database.db);
      expect(d.rows[0]).toEqual({ d: '2026-03-01', n: 2 });
    } finally {
      await database.close();
    }
  });

  it('runs a step added later on an already seeded database, once', async () => {
    const database = await createTestDatabase();
    try {
      await migrate(database.db);
      await runSeed(database.db, { adminPassword: 'pw12345' });
      let runs = 0;
      const extra = { name: 'extra-step', run: async () => void runs++ };
      expect(await runSeed(database.db, { adminPassword: 'pw12345', steps: [extra] })).toEqual(['extra-step']);
      expect(await runSeed(database.db, { adminPassword: 'pw12345', steps: [extra] })).toEqual([]);
      expect(runs).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe('housekeeping', () => {
  it('prunes old tokens and sign-in attempts but keeps live ones', async () => {
    const database = await createTestDatabase();
    try {
      await migrate(database.db);
      await runSeed(database.db, { adminPassword: 'pw12345' });
      const user = await database.db.selectFrom('users').select(['id', 'tenant_id']).where('user_name', '=', 'admin').orderBy('id').executeTakeFirstOrThrow();
      const old = new Date(Date.now() - 10 * 86_400_000);
      await database.db
        .insertInto('login_tokens')
        .values([
          { token_hash: 'old', tenant_id: user.tenant_id, user_id: user.id, expire_time: old },
          { token_hash: 'live', tenant_id: user.tenant_id, user_id: user.id, expire_time: new Date(Date.now() + 86_400_000) },
        ])
        .execute();
      await database.db
        .insertInto('login_attempts')
        .values([
          { tenant_code: 'DEFAULT', user_name: 'a', ip: '1.1.1.1', success: false, attempt_time: new Date(Date.now() - 40 * 86_400_000) },
          { tenant_code: 'DEFAULT', user_name: 'a', ip: '1.1.1.1', success: false },
        ])
        .execute();
      expect(await pruneSessions(database.db)).toEqual({ tokens: 1, attempts: 1 });
      const left = await database.db.selectFrom('login_tokens').select('token_hash').execute();
      expect(left.map((r) => r.token_hash)).toEqual(['live']);
    } finally {
      await database.close();
    }
  });
});
