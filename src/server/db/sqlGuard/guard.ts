/**
 * The parser-based guard for `$sql` conditions (issue 11, docs/security.md). The statement is
 * parsed by PostgreSQL's own parser (libpg-query, WASM) and its tree is walked with an
 * allowlist: a node kind, function, type or operator not named in allowlist.ts is refused. So
 * comments, quoting, unicode escapes and dollar-quoting cannot hide anything: the walk sees what
 * PostgreSQL would run.
 */
import { loadModule, parseSync } from 'libpg-query';
import {
  ALLOWED_EXPR_KINDS, ALLOWED_FUNCTIONS, ALLOWED_OPERATORS, ALLOWED_TYPES, ALLOWED_VALUE_FUNCTIONS, AMPLIFYING_FUNCTIONS,
  SUSPICIOUS_NAME, SYSTEM_COLUMNS,
} from './allowlist.js';
import { SqlGuardError } from './errors.js';
import { refuse, strings, unwrap, type Node } from './nodes.js';
import { checkSizeBound, type Bound } from './sizeBound.js';

/** Longest SQL text a condition may have. */
export const MAX_SQL_LENGTH = 4000;
/** Deepest nesting of the tree the walk follows (deeper is refused, not followed). */
const MAX_DEPTH = 120;

/** What the statement may name. */
export interface GuardContext {
  /** The tenant's schema (`t_{id}`): the only schema a name may be qualified with. */
  schema: string;
  /** Tables and views the statement may read: the tenant's own form tables. */
  relations: ReadonlySet<string>;
  /** How many `$n` parameters are bound. */
  paramCount: number;
}

export { SqlGuardError };

let loading: Promise<void> | null = null;

/** Loads the parser (WASM) once; every check awaits it. */
export function loadSqlParser(): Promise<void> {
  loading ??= loadModule().catch((err: unknown) => { loading = null; throw err; });
  return loading;
}

/** One level of WITH names: the ones visible at this point of the statement. */
type Scope = { names: ReadonlySet<string>; parent: Scope | null };

function inScope(scope: Scope | null, name: string): boolean {
  for (let s = scope; s; s = s.parent) if (s.names.has(name)) return true;
  return false;
}

/** What a statement that passed the guard reads. */
export interface GuardResult {
  /**
   * Its unqualified relation names (not WITH names): the sandbox resolves each by OID under the
   * statement's search_path before running it, since a name is the tenant's only if PostgreSQL
   * resolves it there.
   */
  relations: string[];
  /** The largest value the statement computes, as `m` unseen values plus `k` characters (sizeBound.ts). */
  largest: Bound;
}

class Walker {
  readonly relations = new Set<string>();

  constructor(private readonly ctx: GuardContext) {}

  select(s: Node, scope: Scope | null, depth: number): void {
    if (depth > MAX_DEPTH) refuse('SQL条件嵌套过深');
    if (s.intoClause) refuse('SQL条件不允许 SELECT INTO');
    if (Array.isArray(s.lockingClause) && s.lockingClause.length) refuse('SQL条件不允许加锁子句（FOR UPDATE / FOR SHARE）');
    let inner = scope;
    if (s.withClause) inner = this.withClause(s.withClause, scope, depth);
    if (s.op && s.op !== 'SETOP_NONE') {
      // The two sides of UNION / INTERSECT / EXCEPT are SelectStmt bodies, not wrapped nodes.
      for (const side of [s.larg, s.rarg]) {
        if (!side || typeof side !== 'object' || 'SelectStmt' in side) refuse('SQL条件的语法无法识别');
        this.select(side as Node, inner, depth + 1);
      }
    }
    for (const t of s.targetList ?? []) {
      const [kind, body] = unwrap(t);
      if (kind !== 'ResTarget') refuse('SQL条件的语法无法识别');
      this.expr(body.val, inner, depth + 1);
    }
    for (const f of s.fromClause ?? []) this.from(f, inner, depth + 1);
    this.expr(s.whereClause, inner, depth + 1);
    this.expr(s.havingClause, inner, depth + 1);
    for (const g of s.groupClause ?? []) this.expr(g, inner, depth + 1);
    for (const d of s.distinctClause ?? []) if (d && Object.keys(d).length) this.expr(d, inner, depth + 1);
    for (const o of s.sortClause ?? []) this.expr(o, inner, depth + 1);
    this.expr(s.limitCount, inner, depth + 1);
    this.expr(s.limitOffset, inner, depth + 1);
    for (const row of s.valuesLists ?? []) this.expr(row, inner, depth + 1);
    for (const w of s.windowClause ?? []) {
      const [kind, body] = unwrap(w);
      if (kind !== 'WindowDef') refuse('SQL条件的语法无法识别');
      this.window(body, inner, depth + 1);
    }
  }

  private subSelect(node: unknown): Node {
    const [kind, body] = unwrap(node);
    if (kind !== 'SelectStmt') refuse('SQL条件只能是一条 SELECT 查询');
    return body;
  }

  private withClause(w: Node, scope: Scope | null, depth: number): Scope {
    // A recursive WITH can loop without end, and PGlite has no statement timeout to stop it.
    if (w.recursive) refuse('SQL条件不允许 WITH RECURSIVE');
    const names = new Set<string>();
    for (const c of w.ctes ?? []) {
      const [kind, cte] = unwrap(c);
      if (kind !== 'CommonTableExpr') refuse('SQL条件的语法无法识别');
      if (cte.search_clause || cte.cycle_clause || cte.searchClause || cte.cycleClause) refuse('SQL条件不允许 WITH 的 SEARCH / CYCLE 子句');
      const [qkind, query] = unwrap(cte.ctequery);
      if (qkind !== 'SelectStmt') refuse('SQL条件的 WITH 子句只能是查询，不能修改数据');
      // Without RECURSIVE a WITH query sees only the names defined before it: a later name of
      // the same list would still mean a real table there.
      this.select(query, { names: new Set(names), parent: scope }, depth + 1);
      names.add(String(cte.ctename));
    }
    return { names, parent: scope };
  }

  private from(node: unknown, scope: Scope | null, depth: number): void {
    if (depth > MAX_DEPTH) refuse('SQL条件嵌套过深');
    const [kind, n] = unwrap(node);
    switch (kind) {
      case 'RangeVar': return this.relation(n, scope);
      case 'RangeSubselect': return this.select(this.subSelect(n.subquery), scope, depth + 1);
      case 'JoinExpr':
        this.from(n.larg, scope, depth + 1);
        this.from(n.rarg, scope, depth + 1);
        return this.expr(n.quals, scope, depth + 1);
      default:
        return refuse('SQL条件的 FROM 只能是本租户的表单表或子查询');
    }
  }

  private relation(r: Node, scope: Scope | null): void {
    const name = String(r.relname ?? '');
    if (r.catalogname) refuse(`SQL条件不允许访问其他数据库：${r.catalogname}`);
    if (r.schemaname && r.schemaname !== this.ctx.schema) refuse(`SQL条件不允许访问模式 ${r.schemaname}`);
    if (!r.schemaname && inScope(scope, name)) return;
    // pg_catalog comes first in the sandbox's search_path, as PostgreSQL always searches it first:
    // an unqualified pg_* name is the catalogue's even where a form has that name (issue 26).
    if (!this.ctx.relations.has(name) || (!r.schemaname && name.startsWith('pg_'))) refuse(`SQL条件只能查询本租户的表单表，不允许访问 ${name}`);
    if (!r.schemaname) this.relations.add(name);
  }

  private window(w: Node, scope: Scope | null, depth: number): void {
    for (const p of w.partitionClause ?? []) this.expr(p, scope, depth + 1);
    for (const o of w.orderClause ?? []) this.expr(o, scope, depth + 1);
    this.expr(w.startOffset, scope, depth + 1);
    this.expr(w.endOffset, scope, depth + 1);
  }

  private typeName(t: Node): void {
    if (t.setof || t.pct_type || t.pctType) refuse('SQL条件不允许这种类型写法');
    const names = strings(t.names);
    const name = names[names.length - 1] ?? '';
    const schemaOk = names.length === 1 || (names.length === 2 && names[0] === 'pg_catalog');
    if (!schemaOk || !ALLOWED_TYPES.has(name)) refuse(`SQL条件不允许转换为类型 ${names.join('.')}`);
    for (const m of t.typmods ?? []) {
      const [kind] = unwrap(m);
      if (kind !== 'A_Const') refuse('SQL条件的类型参数只能是常量');
    }
  }

  private operator(name: unknown): void {
    const names = strings(name);
    if (names.length !== 1 || !ALLOWED_OPERATORS.has(names[0])) refuse(`SQL条件不允许使用运算符 ${names.join('.')}`);
  }

  private func(f: Node, scope: Scope | null, depth: number): void {
    const names = strings(f.funcname);
    const name = names[names.length - 1] ?? '';
    const schemaOk = names.length === 1 || (names.length === 2 && names[0] === 'pg_catalog');
    const why = AMPLIFYING_FUNCTIONS.get(name);
    if (schemaOk && why) refuse(`SQL条件不允许调用函数 ${names.join('.')}（${why}）`);
    if (!schemaOk || !ALLOWED_FUNCTIONS.has(name)) refuse(`SQL条件不允许调用函数 ${names.join('.')}`);
    for (const a of f.args ?? []) this.expr(a, scope, depth + 1);
    for (const o of f.agg_order ?? []) this.expr(o, scope, depth + 1);
    this.expr(f.agg_filter, scope, depth + 1);
    if (f.over) this.window(f.over, scope, depth + 1);
  }

  expr(node: unknown, scope: Scope | null, depth: number): void {
    if (node === undefined || node === null) return;
    if (depth > MAX_DEPTH) refuse('SQL条件嵌套过深');
    const [kind, n] = unwrap(node);
    const d = depth + 1;
    switch (kind) {
      case 'A_Const':
        return;
      case 'ParamRef':
        if (!Number.isInteger(n.number) || n.number < 1 || n.number > this.ctx.paramCount) refuse('SQL条件不能直接写 $1 这样的参数，请用 ${字段} 占位符');
        return;
      case 'ColumnRef': {
        const fields = (n.fields ?? []) as unknown[];
        const names: string[] = [];
        for (const f of fields) {
          const [fk, fb] = unwrap(f);
          if (fk === 'String') names.push(String(fb.sval ?? ''));
          else if (fk !== 'A_Star') refuse('SQL条件的语法无法识别');
        }
        if (fields.length > 3 || (fields.length === 3 && names[0] !== this.ctx.schema)) refuse('SQL条件的列名只能写成 列、表.列 或 本租户模式.表.列');
        if (names.length > 1 && names.slice(1).some((x) => SUSPICIOUS_NAME.test(x))) refuse(`SQL条件不允许这样的列名：${names.join('.')}`);
        // xmin/xmax carry the server-wide transaction counter, tableoid/ctid the storage: other tenants' activity.
        if (names.some((x) => SYSTEM_COLUMNS.has(x))) refuse(`SQL条件不允许读取系统列：${names.join('.')}`);
        return;
      }
      case 'TypeCast':
        this.typeName(n.typeName ?? {});
        return this.expr(n.arg, scope, d);
      case 'A_Expr':
        if (!ALLOWED_EXPR_KINDS.has(n.kind)) refuse(`SQL条件不允许这种表达式（${String(n.kind).replace(/^AEXPR_/, '')}）`);
        if (n.kind === 'AEXPR_OP' || n.kind === 'AEXPR_OP_ANY' || n.kind === 'AEXPR_OP_ALL') this.operator(n.name);
        this.expr(n.lexpr, scope, d);
        return this.expr(n.rexpr, scope, d);
      case 'BoolExpr':
      case 'CoalesceExpr':
      case 'MinMaxExpr':
      case 'RowExpr':
        for (const a of n.args ?? []) this.expr(a, scope, d);
        return;
      case 'NullTest':
      case 'BooleanTest':
        return this.expr(n.arg, scope, d);
      case 'List':
        for (const a of n.items ?? []) this.expr(a, scope, d);
        return;
      case 'A_ArrayExpr':
        for (const a of n.elements ?? []) this.expr(a, scope, d);
        return;
      case 'FuncCall':
        return this.func(n, scope, d);
      case 'CaseExpr':
        this.expr(n.arg, scope, d);
        for (const w of n.args ?? []) {
          const [wk, wb] = unwrap(w);
          if (wk !== 'CaseWhen') refuse('SQL条件的语法无法识别');
          this.expr(wb.expr, scope, d);
          this.expr(wb.result, scope, d);
        }
        return this.expr(n.defresult, scope, d);
      case 'SubLink':
        if (n.operName) this.operator(n.operName);
        this.expr(n.testexpr, scope, d);
        return this.select(this.subSelect(n.subselect), scope, d);
      case 'SortBy':
        if (n.useOp) this.operator(n.useOp);
        return this.expr(n.node, scope, d);
      case 'A_Indirection':
        this.expr(n.arg, scope, d);
        for (const i of n.indirection ?? []) {
          const [ik, ib] = unwrap(i);
          if (ik === 'String') {
            if (SUSPICIOUS_NAME.test(String(ib.sval ?? ''))) refuse(`SQL条件不允许这样的列名：${String(ib.sval)}`);
            if (SYSTEM_COLUMNS.has(String(ib.sval ?? ''))) refuse(`SQL条件不允许读取系统列：${String(ib.sval)}`);
          } else if (ik === 'A_Indices') {
            this.expr(ib.lidx, scope, d);
            this.expr(ib.uidx, scope, d);
          } else if (ik !== 'A_Star') refuse('SQL条件的语法无法识别');
        }
        return;
      case 'SQLValueFunction':
        if (!ALLOWED_VALUE_FUNCTIONS.has(n.op)) refuse(`SQL条件不允许使用 ${String(n.op).replace(/^SVFOP_/, '')}`);
        return;
      case 'CollateClause':
        return this.expr(n.arg, scope, d);
      case 'GroupingSet':
        for (const a of n.content ?? []) this.expr(a, scope, d);
        return;
      default:
        return refuse(`SQL条件不允许使用 ${kind}`);
    }
  }
}

/**
 * A second look that does not depend on the walk knowing every field: every function call, type
 * and relation anywhere in the tree must be allowed (relations: the tenant's, or a WITH name of
 * the statement). Only reached after the walk passed, so it refuses what the walk missed.
 */
function sweep(tree: unknown, ctx: GuardContext): void {
  const withNames = new Set<string>();
  const found: [string, Node][] = [];
  const stack: unknown[] = [tree];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) { stack.push(...v); continue; }
    if (!v || typeof v !== 'object') continue;
    for (const [k, child] of Object.entries(v as Node)) {
      if (k === 'FuncCall' || k === 'RangeVar' || k === 'typeName' || k === 'TypeName') found.push([k, child as Node]);
      if (k === 'CommonTableExpr') withNames.add(String((child as Node).ctename ?? ''));
      if (child && typeof child === 'object') stack.push(child);
    }
  }
  for (const [k, n] of found) {
    if (k === 'FuncCall') {
      const names = strings(n.funcname);
      if (!ALLOWED_FUNCTIONS.has(names[names.length - 1] ?? '') || (names.length === 2 && names[0] !== 'pg_catalog') || names.length > 2) {
        refuse(`SQL条件不允许调用函数 ${names.join('.')}`);
      }
    } else if (k === 'RangeVar') {
      const name = String(n.relname ?? '');
      const own = !n.catalogname && (!n.schemaname || n.schemaname === ctx.schema);
      if (!own || !(ctx.relations.has(name) || (!n.schemaname && withNames.has(name)))) refuse(`SQL条件只能查询本租户的表单表，不允许访问 ${name}`);
    } else {
      const names = strings(n.names);
      if (!ALLOWED_TYPES.has(names[names.length - 1] ?? '')) refuse(`SQL条件不允许转换为类型 ${names.join('.')}`);
    }
  }
}

/**
 * Throws SqlGuardError with the Chinese reason unless `text` (placeholders already replaced by
 * `$n`) is exactly one plain SELECT over the allowed relations, functions, types and operators.
 */
export async function guardSql(text: string, ctx: GuardContext): Promise<GuardResult> {
  await loadSqlParser();
  return guardSqlSync(text, ctx);
}

/** guardSql once the parser is loaded (loadSqlParser). */
export function guardSqlSync(text: string, ctx: GuardContext): GuardResult {
  if (!text.trim()) refuse('SQL条件不能为空');
  if (text.length > MAX_SQL_LENGTH) refuse(`SQL条件不能超过${MAX_SQL_LENGTH}个字符`);
  let tree: Node;
  try {
    tree = parseSync(text) as Node;
  } catch (err) {
    return refuse(`SQL条件有语法错误：${(err as Error).message}`);
  }
  const stmts = (tree.stmts ?? []) as Node[];
  if (stmts.length !== 1) refuse('SQL条件只能是一条 SELECT 查询（不能用 ; 连接多条语句）');
  const [kind, body] = unwrap(stmts[0].stmt);
  if (kind !== 'SelectStmt') refuse(`SQL条件只能是一条 SELECT 查询，不允许 ${kind.replace(/Stmt$/, '').toUpperCase()}`);
  const walker = new Walker(ctx);
  walker.select(body, null, 0);
  sweep(tree, ctx);
  const largest = checkSizeBound(body);
  return { relations: [...walker.relations], largest };
}
