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
 * Both place pg_catalog explicitly first in the search_path and, before anything is planned, resolve
 * every relation name of the statement by OID under that path: a name PostgreSQL would read as
 * a catalogue relation (a form named `pg_views`) is refused, not run (issue 26 item 1).
 */
import pg from 'pg';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AppDatabase } from '../../db/openDatabase.js';
import { badRequest, HttpError } from '../../http/HttpError.js';
import { tenantSchema } from '../storage/names.js';
import { ensureSqlRole, type SqlRole } from '../storage/sqlRoles.js';
import type { Bound } from '../../db/sqlGuard/index.js';

export interface SandboxOptions {
  /** Planner cost ceiling; 0: the database kind's default (below). */
  maxCost: number;
  timeoutMs: number;
}

/**
 * Default cost ceilings. PGlite runs every tenant's statements on its one connection without a
 * timer, so its ceiling is what runs in well under a second there (issue 26 item 2: a 3-way cross
 * join of 300 rows priced 406,000 ran 10.8 s; a plan priced ~4,000 ran 0.4 s). PostgreSQL runs
 * `$sql` on the tenant's own connections with statement_timeout.
 */
export const DEFAULT_MAX_COST = { pglite: 5_000, postgres: 1_000_000 } as const;

/** The cost ceiling in force for a database kind. */
export function effectiveMaxCost(kind: AppDatabase['kind'], configured: number): number {
  return configured > 0 ? configured : DEFAULT_MAX_COST[kind];
}

/** The search_path of a `$sql` statement: pg_catalog placed explicitly, then the tenant's schema only. */
export function sandboxSearchPath(schema: string): string {
  return `pg_catalog, ${schema}`;
}

/** What the guard found in a statement (GuardResult): its relations and, optionally, its largest computed value. */
export interface SandboxStatement {
  relations: readonly string[];
  largest?: Bound;
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

/**
 * Resolves each unqualified relation name of the statement the way PostgreSQL will (to_regclass
 * under the statement's own search_path, in its own transaction) and refuses any that is not a
 * relation of the tenant's schema: the guard's list of names cannot be fooled by a form sharing a
 * catalogue relation's name, and nothing is planned on a relation the tenant may not read.
 */
async function checkRelations(q: Queryable, relations: readonly string[], schema: string): Promise<void> {
  if (!relations.length) return;
  const r = await q.query(`SELECT r.name FROM unnest($1::text[]) AS r(name)
    WHERE (SELECT c.relnamespace FROM pg_catalog.pg_class c WHERE c.oid = pg_catalog.to_regclass(pg_catalog.quote_ident(r.name)))
      IS DISTINCT FROM (SELECT n.oid FROM pg_catalog.pg_namespace n WHERE n.nspname = $2)
    LIMIT 1`, [[...relations], schema]);
  const bad = r.rows[0]?.name;
  if (bad !== undefined) throw badRequest(`SQL条件只能查询本租户的表单表，不允许访问 ${String(bad)}`);
}

/** A node of EXPLAIN (FORMAT JSON). */
interface PlanNode {
  'Total Cost'?: number;
  'Plan Rows'?: number;
  'Plan Width'?: number;
  'Node Type'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

async function checkCost(q: Queryable, text: string, values: unknown[], maxCost: number): Promise<PlanNode> {
  const r = await q.query(`EXPLAIN (FORMAT JSON) ${text}`, values);
  const raw = firstValue(r.rows);
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: PlanNode }[];
  const root = plan?.[0]?.Plan;
  const cost = Number(root?.['Total Cost']);
  if (!root || !Number.isFinite(cost)) throw new Error('EXPLAIN gave no cost');
  if (cost > maxCost) throw badRequest(`SQL条件的查询代价（${Math.round(cost)}）超过上限（${maxCost}），请缩小查询范围`);
  return root;
}

/**
 * Most characters a `$sql` statement may compute on PGlite (rows the plan visits × the guard's
 * bound of its largest computed value): sorting 40,000 rows of 1,000-character values took 6.8 s
 * there at a planner cost of 3,866, since the planner does not see the width of a computed
 * value. 2,000,000 characters is ~0.35 s at the slowest rate measured (sorting).
 */
export const MAX_WORK_CHARS = 2_000_000;

/** Rows the plan visits: each node's rows times the times it runs (a nested loop's inner side and sub-plans once per outer row). */
function planRows(node: PlanNode, loops: number): number {
  const rows = Math.max(1, Number(node['Plan Rows'] ?? 1));
  let total = loops * rows;
  const children = node.Plans ?? [];
  children.forEach((c, i) => {
    const inner = (node['Node Type'] === 'Nested Loop' && i === 1) ? loops * Math.max(1, Number(children[0]['Plan Rows'] ?? 1))
      : c['Parent Relationship'] === 'SubPlan' ? loops * rows : loops;
    total += planRows(c, inner);
  });
  return total;
}

function widest(node: PlanNode): number {
  return Math.max(Number(node['Plan Width'] ?? 0), ...(node.Plans ?? []).map(widest));
}

/**
 * PGlite only (no timer): refuses a statement whose computed values, times the rows that compute
 * them, exceed MAX_WORK_CHARS. A value the guard cannot see is as long as the longest bound
 * parameter or the widest row of the plan (the planner's average of the stored columns).
 */
function checkWork(root: PlanNode, values: unknown[], largest: Bound): void {
  if (largest.m === 0 && largest.k === 0) return;
  const unseen = Math.max(1, widest(root), ...values.map((v) => (typeof v === 'string' ? v.length : 0)));
  const work = planRows(root, 1) * (largest.m * unseen + largest.k);
  if (work > MAX_WORK_CHARS) {
    throw badRequest(`SQL条件的计算量（约 ${Math.round(work)} 个字符）超过上限（${MAX_WORK_CHARS}），请缩小查询范围或减少拼接`);
  }
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

  private get maxCost(): number {
    return effectiveMaxCost(this.database.kind, this.options.maxCost);
  }

  /**
   * Runs the guarded SELECT with its values bound; answers the first column of the first row.
   * `guarded`: the guard's answer (relations resolved by OID first; the largest value, for PGlite's work ceiling).
   */
  async run(tenantId: number, text: string, values: unknown[], guarded: SandboxStatement = { relations: [] }): Promise<unknown> {
    if (this.database.kind === 'postgres') return this.runOnPostgres(tenantId, text, values, guarded.relations);
    return this.runOnPglite(tenantId, text, values, guarded);
  }

  private async runOnPostgres(tenantId: number, text: string, values: unknown[], relations: readonly string[]): Promise<unknown> {
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
      // The role's search_path is sandboxSearchPath(schema) (sqlRoles.ts); DISCARD ALL returns to it.
      await checkRelations(client, relations, tenantSchema(tenantId));
      await checkCost(client, text, values, this.maxCost);
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

  private async runOnPglite(tenantId: number, text: string, values: unknown[], guarded: SandboxStatement): Promise<unknown> {
    const role = await this.role(tenantId);
    const db = this.database.db as Kysely<Database>;
    try {
      return await db.transaction().execute(async (trx) => {
        const q: Queryable = {
          query: async (t, v) => ({ rows: (await trx.executeQuery(CompiledQuery.raw(t, v ?? []))).rows as Record<string, unknown>[] }),
        };
        await sql`SET TRANSACTION READ ONLY`.execute(trx);
        await sql.raw(`SET LOCAL search_path = ${sandboxSearchPath(tenantSchema(tenantId))}`).execute(trx);
        if (role) await sql.raw(`SET LOCAL ROLE ${role.role}`).execute(trx);
        await checkRelations(q, guarded.relations, tenantSchema(tenantId));
        const plan = await checkCost(q, text, values, this.maxCost);
        checkWork(plan, values, guarded.largest ?? { m: 0, k: 0 });
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
