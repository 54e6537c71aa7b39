/**
 * The size bound of a `$sql` statement (issue 26 item 2, docs/security.md). The planner prices a
 * function call at a constant, so `replace(replace('a…', 'a', 'a…'), 'a', 'a…')` costs 0.01 and
 * builds 500 million characters; PGlite has no timer to stop it and PostgreSQL cannot interrupt
 * one huge allocation. So every value the statement computes gets a static upper bound
 *
 *     size ≤ m · U + k characters
 *
 * where U is the size of one value the guard cannot see (a bound parameter, a stored column, a
 * number — each bounded elsewhere: MAX_PARAM_LENGTH, the tenant's own data, numeric's format)
 * and k counts characters written in the statement. A value of a sub-query or WITH query keeps its
 * bound where it is used again, so doubling through nesting is counted too. A statement with any
 * value past MAX_VALUE_MULTIPLE · U or MAX_VALUE_CHARS is refused before it runs. Functions that
 * amplify by a runtime amount (repeat, lpad, generate_series, string_agg, ARRAY(…)) are refused;
 * replace, array_to_string and to_char are accepted with constant arguments, which bound them.
 */
import type { Node } from './nodes.js';
import { refuse, strings, unwrap } from './nodes.js';

/** An upper bound on a value's size: `m` unseen values plus `k` characters. */
export interface Bound {
  m: number;
  k: number;
}

/** Most unseen values (parameters, columns, numbers) one computed value may hold. */
export const MAX_VALUE_MULTIPLE = 16;
/** Most characters of the statement's own text one computed value may hold. */
export const MAX_VALUE_CHARS = 100_000;

const SMALL: Bound = { m: 0, k: 64 };
const OPAQUE: Bound = { m: 1, k: 0 };
const max = (a: Bound, b: Bound): Bound => ({ m: Math.max(a.m, b.m), k: Math.max(a.k, b.k) });
const sum = (a: Bound, b: Bound): Bound => ({ m: a.m + b.m, k: a.k + b.k });
const scale = (a: Bound, f: number): Bound => ({ m: a.m * f, k: a.k * f });
const NONE: Bound = { m: 0, k: 0 };

/** Functions whose result is small whatever the input (counts, lengths, dates, truth values). */
const SMALL_RESULT = new Set([
  'count', 'length', 'char_length', 'character_length', 'octet_length', 'position', 'strpos',
  'array_length', 'cardinality', 'date_part', 'extract', 'starts_with', 'sign', 'bool_and', 'bool_or',
  'every', 'now', 'make_date', 'to_date', 'to_timestamp', 'date_trunc', 'age', 'timezone',
]);
/** Functions answering a number: bounded by numeric's format, counted as one unseen value. */
const NUMBER_RESULT = new Set(['sum', 'avg', 'abs', 'round', 'ceil', 'ceiling', 'floor', 'trunc', 'mod', 'to_number']);
/** Functions whose result is no longer than their first argument. */
const FIRST_ARG = new Set([
  'lower', 'upper', 'initcap', 'btrim', 'ltrim', 'rtrim', 'substring', 'substr', 'left', 'right',
  'split_part', 'translate', 'min', 'max',
]);
/** Functions whose result is at most the sum of their arguments. */
const SUM_ARGS = new Set(['concat', 'overlay', 'greatest', 'least']);
/** Array elements take several bytes each: an array of a text's characters is ~8 times its size. */
const ARRAY_OVERHEAD = 8;
/** Longest output of one to_char pattern character ('J' → a 7-digit Julian day). */
const TO_CHAR_EXPANSION = 8;

/** Every function the size bound knows; the unit test checks it covers ALLOWED_FUNCTIONS. */
export const SIZED_FUNCTIONS: ReadonlySet<string> = new Set([
  ...SMALL_RESULT, ...NUMBER_RESULT, ...FIRST_ARG, ...SUM_ARGS,
  'concat_ws', 'replace', 'string_to_array', 'array_to_string', 'to_char',
]);

/** Type names whose values have a small fixed size. */
const FIXED_TYPES = new Set([
  'bool', 'boolean', 'int2', 'int4', 'int8', 'smallint', 'integer', 'int', 'bigint', 'float4', 'float8', 'real',
  'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval', 'uuid',
]);
/** Comparison, matching and containment operators: a truth value. */
const TRUTH_OPERATORS = new Set(['=', '<>', '!=', '<', '>', '<=', '>=', '~~', '!~~', '~~*', '!~~*', '@>', '<@', '&&']);

/** The text of a string constant, or null for anything else. */
function literalText(node: unknown): string | null {
  if (!node || typeof node !== 'object') return null;
  const [kind, n] = unwrap(node);
  if (kind === 'A_Const' && n.sval) return String(n.sval.sval ?? '');
  if (kind === 'A_Const' && n.isnull) return '';
  if (kind === 'TypeCast') return literalText(n.arg);
  return null;
}

/** Characters of a numeric constant written out: `1e100000` is 100,001 digits. */
function numberChars(text: string): number {
  const m = /^([^eE]*)[eE]([+-]?\d+)$/.exec(text);
  if (!m) return text.length;
  const exp = Number(m[2]);
  return m[1].length + (exp > 0 ? exp : 0);
}

/** What the column references of one query level may read: the bounds of its FROM items so far. */
interface Level {
  ctes: Map<string, Bound>;
  from: Bound;
  parent: Level | null;
}

function cte(level: Level | null, name: string): Bound | undefined {
  for (let l = level; l; l = l.parent) {
    const b = l.ctes.get(name);
    if (b) return b;
  }
  return undefined;
}

/** A column may come from any FROM item visible here (this level or an outer one): the largest. */
function columnBound(level: Level | null): Bound {
  let b = NONE;
  for (let l = level; l; l = l.parent) b = max(b, l.from);
  return b.m === 0 && b.k === 0 ? OPAQUE : b;
}

class SizeWalker {
  /** The largest value the statement computes (not a column or parameter read as it is): the work per row. */
  largest: Bound = NONE;

  /** Records a computed value's bound for the work estimate, then checks it. */
  private computed(b: Bound): Bound {
    this.largest = max(this.largest, b);
    return this.check(b);
  }

  private check(b: Bound): Bound {
    if (b.m > MAX_VALUE_MULTIPLE) refuse(`SQL条件中的一个值可能达到字段或参数值的 ${b.m} 倍，超过上限 ${MAX_VALUE_MULTIPLE} 倍（会占用大量内存）`);
    if (b.k > MAX_VALUE_CHARS) refuse(`SQL条件中的一个值可能长达 ${b.k} 个字符，超过上限 ${MAX_VALUE_CHARS} 个字符（会占用大量内存）`);
    return b;
  }

  /** The bound of the rows a SELECT answers (any of its columns). */
  select(s: Node, parent: Level | null): Bound {
    const level: Level = { ctes: new Map(), from: NONE, parent };
    if (s.withClause) {
      for (const c of s.withClause.ctes ?? []) {
        const [, body] = unwrap(c);
        const [, query] = unwrap(body.ctequery);
        // Without RECURSIVE a WITH query sees only the names before it: those are in `level` already.
        level.ctes.set(String(body.ctename), this.select(query, level));
      }
    }
    if (s.op && s.op !== 'SETOP_NONE') return this.check(max(this.select(s.larg, level), this.select(s.rarg, level)));
    for (const f of s.fromClause ?? []) level.from = max(level.from, this.from(f, level));
    let out = NONE;
    for (const row of s.valuesLists ?? []) out = max(out, this.expr(row, level));
    for (const t of s.targetList ?? []) {
      const [, body] = unwrap(t);
      out = max(out, this.expr(body.val, level));
    }
    for (const e of [s.whereClause, s.havingClause, s.limitCount, s.limitOffset]) this.expr(e, level);
    for (const list of [s.groupClause, s.distinctClause, s.sortClause]) {
      for (const e of list ?? []) if (e && Object.keys(e).length) this.expr(e, level);
    }
    for (const w of s.windowClause ?? []) this.window(unwrap(w)[1], level);
    return this.check(out);
  }

  private from(node: unknown, level: Level): Bound {
    const [kind, n] = unwrap(node);
    if (kind === 'RangeVar') return (!n.schemaname && cte(level, String(n.relname))) || OPAQUE;
    if (kind === 'RangeSubselect') return this.select(unwrap(n.subquery)[1], level);
    if (kind === 'JoinExpr') {
      const b = max(this.from(n.larg, level), this.from(n.rarg, level));
      level.from = max(level.from, b);
      this.expr(n.quals, level);
      return b;
    }
    return refuse('SQL条件的 FROM 只能是本租户的表单表或子查询');
  }

  private window(w: Node, level: Level): void {
    for (const e of [...(w.partitionClause ?? []), ...(w.orderClause ?? []), w.startOffset, w.endOffset]) this.expr(e, level);
  }

  private cast(n: Node, level: Level): Bound {
    const arg = this.expr(n.arg, level);
    const names = strings(n.typeName?.names);
    const type = names[names.length - 1] ?? '';
    if (FIXED_TYPES.has(type)) return SMALL;
    if (type === 'numeric' || type === 'decimal') return OPAQUE;
    if (type === 'json' || type === 'jsonb') return scale(arg, 2);
    if (type === 'bpchar' || type === 'char') {
      // char(n) pads to n characters.
      let pad = 0;
      for (const m of n.typeName?.typmods ?? []) {
        const [, c] = unwrap(m);
        pad = Math.max(pad, Number(c.ival?.ival ?? 0));
      }
      return sum(arg, { m: 0, k: pad });
    }
    return arg;
  }

  private operator(n: Node, level: Level): Bound {
    const name = strings(n.name)[0] ?? '';
    const l = this.expr(n.lexpr, level);
    const r = this.expr(n.rexpr, level);
    if (name === '||') return sum(l, r);
    if (TRUTH_OPERATORS.has(name)) return SMALL;
    // + - * / %: a number, a date or an interval; numbers are bounded by numeric's format.
    return OPAQUE;
  }

  private func(f: Node, level: Level): Bound {
    const names = strings(f.funcname);
    const name = names[names.length - 1] ?? '';
    if (f.func_variadic) refuse(`SQL条件不允许以 VARIADIC 方式调用函数 ${name}`);
    const argNodes = (f.args ?? []) as unknown[];
    const args = argNodes.map((a) => this.expr(a, level));
    for (const o of f.agg_order ?? []) this.expr(o, level);
    this.expr(f.agg_filter, level);
    if (f.over) this.window(f.over, level);
    if (SMALL_RESULT.has(name)) return SMALL;
    if (NUMBER_RESULT.has(name)) return OPAQUE;
    if (FIRST_ARG.has(name)) return args[0] ?? SMALL;
    if (SUM_ARGS.has(name)) return args.reduce(sum, NONE);
    const constant = (i: number, what: string): string => {
      const t = literalText(argNodes[i]);
      if (t === null) refuse(`SQL条件中 ${name} 的${what}须为常量（否则结果大小无法限定）`);
      return t as string;
    };
    switch (name) {
      case 'concat_ws':
        // The separator is written between every two arguments.
        return sum(args.slice(1).reduce(sum, NONE), scale(args[0] ?? NONE, Math.max(0, args.length - 2)));
      case 'replace': {
        // Each match of `from` becomes `to`: at most |to| / |from| times longer.
        const from = constant(1, '第2个参数（被替换的文本）');
        const to = constant(2, '第3个参数（替换为的文本）');
        return scale(args[0] ?? NONE, from.length === 0 ? 1 : Math.max(1, Math.ceil(to.length / from.length)));
      }
      case 'string_to_array':
        return scale(args[0] ?? NONE, ARRAY_OVERHEAD);
      case 'array_to_string': {
        // The separator (and the null text) is written once per element.
        const sep = constant(1, '分隔符');
        const nul = argNodes.length > 2 ? constant(2, '空值文本') : '';
        return scale(args[0] ?? NONE, 1 + sep.length + nul.length);
      }
      case 'to_char':
        return { m: 0, k: TO_CHAR_EXPANSION * constant(1, '格式').length + SMALL.k };
      default:
        return refuse(`SQL条件不允许调用函数 ${names.join('.')}`);
    }
  }

  expr(node: unknown, level: Level): Bound {
    if (node === undefined || node === null) return NONE;
    const [kind, n] = unwrap(node);
    switch (kind) {
      case 'A_Const':
        if (n.sval) return this.check({ m: 0, k: String(n.sval.sval ?? '').length });
        if (n.fval) return this.check({ m: 0, k: numberChars(String(n.fval.fval ?? '')) });
        if (n.bsval) return this.check({ m: 0, k: String(n.bsval.bsval ?? '').length });
        return SMALL;
      case 'ParamRef':
        return OPAQUE;
      case 'ColumnRef':
        return columnBound(level);
      case 'TypeCast':
        return this.computed(this.cast(n, level));
      case 'A_Expr': {
        if (n.kind === 'AEXPR_OP') return this.computed(this.operator(n, level));
        const l = this.expr(n.lexpr, level);
        this.expr(n.rexpr, level);
        return n.kind === 'AEXPR_NULLIF' ? l : SMALL;
      }
      case 'BoolExpr':
        for (const a of n.args ?? []) this.expr(a, level);
        return SMALL;
      case 'NullTest':
      case 'BooleanTest':
        this.expr(n.arg, level);
        return SMALL;
      case 'CoalesceExpr':
      case 'MinMaxExpr':
        return (n.args ?? []).reduce((b: Bound, a: unknown) => max(b, this.expr(a, level)), NONE);
      case 'RowExpr':
        return this.computed((n.args ?? []).reduce((b: Bound, a: unknown) => sum(b, this.expr(a, level)), NONE));
      case 'A_ArrayExpr':
        return this.computed((n.elements ?? []).reduce((b: Bound, a: unknown) => sum(b, this.expr(a, level)), NONE));
      case 'List':
        return this.check((n.items ?? []).reduce((b: Bound, a: unknown) => sum(b, this.expr(a, level)), NONE));
      case 'FuncCall':
        return this.computed(this.func(n, level));
      case 'CaseExpr': {
        this.expr(n.arg, level);
        let b = this.expr(n.defresult, level);
        for (const w of n.args ?? []) {
          const [, wb] = unwrap(w);
          this.expr(wb.expr, level);
          b = max(b, this.expr(wb.result, level));
        }
        return b;
      }
      case 'SubLink': {
        this.expr(n.testexpr, level);
        if (n.subLinkType === 'ARRAY_SUBLINK') refuse('SQL条件不允许 ARRAY(子查询)（会把所有行拼成一个值）');
        const b = this.select(unwrap(n.subselect)[1], level);
        return n.subLinkType === 'EXPR_SUBLINK' ? b : SMALL;
      }
      case 'SortBy':
        return this.expr(n.node, level);
      case 'A_Indirection': {
        const b = this.expr(n.arg, level);
        for (const i of n.indirection ?? []) {
          const [ik, ib] = unwrap(i);
          if (ik === 'A_Indices') { this.expr(ib.lidx, level); this.expr(ib.uidx, level); }
        }
        return b;
      }
      case 'CollateClause':
        return this.expr(n.arg, level);
      case 'GroupingSet':
        for (const a of n.content ?? []) this.expr(a, level);
        return SMALL;
      case 'SQLValueFunction':
        return SMALL;
      default:
        return refuse(`SQL条件不允许使用 ${kind}`);
    }
  }
}

/**
 * Refuses a SELECT (already passed the allowlist walk) any of whose values may grow past the
 * bounds above; answers the bound of the largest value it computes, which the sandbox multiplies
 * by the rows of the plan (sqlSandbox.ts, PGlite's work ceiling).
 */
export function checkSizeBound(select: Node): Bound {
  const walker = new SizeWalker();
  walker.select(select, null);
  return walker.largest;
}
