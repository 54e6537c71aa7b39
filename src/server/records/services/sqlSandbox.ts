/**
 * Runs a guarded `$sql` condition (docs/security.md). The text has passed sqlGuard already; this
 * is the second fence, which must hold even if the guard had a hole:
 * - PostgreSQL: a small pool per tenant signed in as the tenant's own LOGIN role (no superuser
 *   session exists to return to), read-only, statement_timeout set on the role, and `DISCARD ALL`
 *   before a connection goes back, so no statement leaves state for the next one.
 * - PGlite (one superuser connection): a READ ONLY transaction with SET LOCAL search_path and
 *   SET LOCAL ROLE, which end with the transaction.
 * Both refuse a statement whose planner cost exceeds the configured ceiling before running it
 * (PGlite cannot time a statement out).
 */
import pg from 'pg';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AppDatabase } from '../../db/openDatabase.js';
import { badRequest, HttpError } from '../../http/HttpError.js';
import { tenantSchema } from '../storage/names.js';
import { ensureSqlRole, type SqlRole } from '../storage/sqlRoles.js';

export interface SandboxOptions {
  maxCost: number;
  timeoutMs: number;
}

/** Connections per tenant pool: conditions are short, and the server's connections are shared. */
const POOL_MAX = 2;

type Queryable = { query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

function firstValue(rows: Record<string, unknown>[]): unknown {
  const row = rows[0];
  return row ? (Object.values(row)[0] ?? null) : null;
}

/** A database error, a refusal or a timeout, as the 400 the caller sees. */
function asHttpError(err: unknown): Error {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === '57014') return badRequest('SQL条件执行超时');
  return badRequest('SQL条件执行失败');
}

async function checkCost(q: Queryable, text: string, values: unknown[], maxCost: number): Promise<void> {
  const r = await q.query(`EXPLAIN (FORMAT JSON) ${text}`, values);
  const raw = firstValue(r.rows);
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Total Cost'?: number } }[];
  const cost = Number(plan?.[0]?.Plan?.['Total Cost']);
  if (!Number.isFinite(cost)) throw new Error('EXPLAIN gave no cost');
  if (cost > maxCost) throw badRequest(`SQL条件的查询代价（${Math.round(cost)}）超过上限（${maxCost}），请缩小查询范围`);
}

/** One per database: the tenant pools (PostgreSQL) and the roles, created on first use. */
export class SqlSandbox {
  private readonly pools = new Map<number, Promise<pg.Pool | null>>();
  /** Connections already seen signed in as the tenant role (a URL form that cannot carry a user name would sign in as someone else). */
  private readonly verified = new WeakSet<pg.PoolClient>();
  private readonly roles = new Map<number, Promise<SqlRole | null>>();
  private closed = false;

  constructor(private readonly database: AppDatabase, private readonly options: SandboxOptions) {}

  private role(tenantId: number): Promise<SqlRole | null> {
    let p = this.roles.get(tenantId);
    if (!p) {
      p = ensureSqlRole(this.database.db, tenantId, this.options.timeoutMs);
      p.catch(() => this.roles.delete(tenantId));
      this.roles.set(tenantId, p);
    }
    return p;
  }

  private pool(tenantId: number): Promise<pg.Pool | null> {
    let p = this.pools.get(tenantId);
    if (!p) {
      p = this.role(tenantId).then((role) => {
        if (!role || this.closed) return null;
        const url = new URL(this.database.url ?? '');
        url.username = role.role;
        url.password = role.password;
        const pool = new pg.Pool({ connectionString: url.toString(), max: POOL_MAX, idleTimeoutMillis: 30_000 });
        // An idle connection the server closed: the pool drops it; the next request opens another.
        pool.on('error', () => {});
        return pool;
      });
      p.catch(() => this.pools.delete(tenantId));
      this.pools.set(tenantId, p);
    }
    return p;
  }

  /** Runs the guarded SELECT with its values bound; answers the first column of the first row. */
  async run(tenantId: number, text: string, values: unknown[]): Promise<unknown> {
    if (this.database.kind === 'postgres') return this.runOnPostgres(tenantId, text, values);
    return this.runOnPglite(tenantId, text, values);
  }

  private async runOnPostgres(tenantId: number, text: string, values: unknown[]): Promise<unknown> {
    const pool = await this.pool(tenantId);
    if (!pool) throw badRequest('当前数据库不支持SQL条件（数据库用户无权创建只读角色）');
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch {
      throw badRequest('SQL条件无法连接数据库（只读角色无法登录，请检查 pg_hba 配置）');
    }
    let broken: Error | undefined;
    try {
      if (!this.verified.has(client)) {
        const who = await client.query<{ u: string; su: string }>("SELECT current_user AS u, current_setting('is_superuser') AS su");
        const role = await this.role(tenantId);
        if (who.rows[0]?.u !== role?.role || who.rows[0]?.su !== 'off') {
          broken = new Error('not the tenant role');
          throw badRequest('SQL条件无法以只读角色连接数据库');
        }
        this.verified.add(client);
      }
      await client.query('BEGIN TRANSACTION READ ONLY');
      await checkCost(client, text, values, this.options.maxCost);
      const r = await client.query(text, values);
      return firstValue(r.rows);
    } catch (err) {
      throw asHttpError(err);
    } finally {
      if (!broken) {
        try {
          await client.query('ROLLBACK');
          // Back to the role's own settings: nothing a statement set survives into the next one.
          await client.query('DISCARD ALL');
        } catch (err) {
          broken = err as Error;
        }
      }
      // A connection that cannot be reset is closed, never reused.
      client.release(broken ?? false);
    }
  }

  private async runOnPglite(tenantId: number, text: string, values: unknown[]): Promise<unknown> {
    const role = await this.role(tenantId);
    const db = this.database.db as Kysely<Database>;
    try {
      return await db.transaction().execute(async (trx) => {
        const q: Queryable = {
          query: async (t, v) => ({ rows: (await trx.executeQuery(CompiledQuery.raw(t, v ?? []))).rows as Record<string, unknown>[] }),
        };
        await sql`SET TRANSACTION READ ONLY`.execute(trx);
        await sql.raw(`SET LOCAL search_path = ${tenantSchema(tenantId)}`).execute(trx);
        if (role) await sql.raw(`SET LOCAL ROLE ${role.role}`).execute(trx);
        await checkCost(q, text, values, this.options.maxCost);
        return firstValue((await q.query(text, values)).rows);
      });
    } catch (err) {
      throw asHttpError(err);
    }
  }

  /** Ends the tenant pools (the app's onClose). */
  async close(): Promise<void> {
    this.closed = true;
    const pools = await Promise.all([...this.pools.values()].map((p) => p.catch(() => null)));
    this.pools.clear();
    await Promise.all(pools.map((p) => p?.end().catch(() => {})));
  }

  /** Tests only: a connection of the tenant pool with a raw statement, to prove the reset holds without the guard. */
  async rawForTest<T>(tenantId: number, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const pool = await this.pool(tenantId);
    if (!pool) throw new Error('no pool');
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await fn(client);
    } finally {
      try { await client.query('ROLLBACK'); await client.query('DISCARD ALL'); } catch (err) { broken = err as Error; }
      client.release(broken ?? false);
    }
  }
}

const sandboxes = new WeakMap<AppDatabase, SqlSandbox>();

/** The sandbox of a database (one per open database; closed with closeSqlSandbox). */
export function sqlSandbox(database: AppDatabase, options: SandboxOptions): SqlSandbox {
  let s = sandboxes.get(database);
  if (!s) { s = new SqlSandbox(database, options); sandboxes.set(database, s); }
  return s;
}

/** Ends the database's `$sql` pools, if any were opened. */
export async function closeSqlSandbox(database: AppDatabase): Promise<void> {
  const s = sandboxes.get(database);
  sandboxes.delete(database);
  await s?.close();
}
