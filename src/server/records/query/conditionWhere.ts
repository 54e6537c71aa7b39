/**
 * A condition of the product's grammar (CONTRACT.md §5) compiled to a WHERE clause over a form's
 * main table, for dashboard panel filters. The grammar is parsed by the adapter (one parser); the
 * comparisons reuse the list's field conditions (fieldConditions.ts), so `==` on a choice, a date
 * or a choice list means what the list's `equal` search means. Identifiers come only from the
 * stored definition; every value is a bound parameter. What has no SQL reading (arithmetic,
 * `len`, comparing two fields) is a 400 naming the part, never guessed.
 */
import { sql, type RawBuilder } from 'kysely';
import { parseCondition, ConditionSyntaxError, type ConditionNode } from '../../../../schema-adapters/index.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel, ModelField } from './formModel.js';
import { fieldIsEmpty, valueMatches } from './fieldConditions.js';
import { toDateText, toNumber } from './values.js';

type Cond = RawBuilder<unknown>;
type Value = string | number | boolean | null | Value[];

const COMPARE: Record<string, string> = { '>': '>', '>=': '>=', '<': '<', '<=': '<=' };
const FLIP: Record<string, string> = { '>': '<', '>=': '<=', '<': '>', '<=': '>=' };

const unsupported = (what: string): never => { throw badRequest(`筛选条件不支持：${what}`); };

function fieldOf(model: FormModel, name: string): ModelField {
  const f = model.main.fields.get(name);
  if (!f || !f.columns.value) throw badRequest(`筛选条件的字段不存在或不能筛选：${name}`);
  return f;
}

function valueOf(node: ConditionNode, ctx: UserContext): Value {
  switch (node.type) {
    case 'literal': return node.value;
    case 'context': {
      const v = (ctx as unknown as Record<string, unknown>)[node.name];
      if (v === undefined || v === null) return null;
      return Array.isArray(v) ? v.map(String) : (v as string | number);
    }
    case 'list': return node.items.map((n) => valueOf(n, ctx));
    case 'unary':
      if (node.op === '-' && node.arg.type === 'literal' && typeof node.arg.value === 'number') return -node.arg.value;
      return unsupported('运算表达式');
    default: return unsupported('两个字段之间的比较或运算');
  }
}

/** `col op value` on a number, date or text column. */
function ordered(f: ModelField, op: string, v: Value): Cond {
  const c = f.columns.value!;
  const r = sql`t.${sql.id(c.name)}`;
  const label = f.def.label ?? f.def.enName;
  const o = sql.raw(op);
  if (v === null || Array.isArray(v)) return unsupported(`「${label}」与空值或列表的大小比较`);
  if (c.kind === 'numeric') return sql`${r} ${o} ${String(toNumber(v, label))}::numeric`;
  if (c.kind === 'date') return sql`${r} ${o} ${toDateText(v, label).text.slice(0, 10)}::date`;
  if (c.kind === 'timestamp') return sql`${r} ${o} ${toDateText(v, label).text}::timestamp`;
  if (c.kind === 'text') return sql`${r} ${o} ${String(v)}`;
  return unsupported(`「${label}」的大小比较`);
}

function equals(f: ModelField, v: Value): Cond {
  if (v === null || v === '') return fieldIsEmpty('t', f);
  if (Array.isArray(v)) return unsupported('与列表的相等比较（请用 in）');
  return sql`COALESCE(${valueMatches('t', f, v, 'equal')}, FALSE)`;
}

/** Nesting a filter may have: deeper trees are no real filter, and the database's parser has a stack limit. */
const MAX_DEPTH = 40;

function depth(node: ConditionNode): number {
  switch (node.type) {
    case 'unary': return 1 + depth(node.arg);
    case 'binary': return 1 + Math.max(depth(node.left), depth(node.right));
    case 'list': return 1 + Math.max(0, ...node.items.map(depth));
    case 'call': return 1 + Math.max(0, ...node.args.map(depth));
    default: return 1;
  }
}

function compile(model: FormModel, node: ConditionNode, ctx: UserContext): Cond {
  switch (node.type) {
    case 'literal':
      if (typeof node.value === 'boolean') return node.value ? sql`TRUE` : sql`FALSE`;
      return unsupported('单独的常量');
    case 'field': {
      // A field alone is true when it holds something (a switch: when it is on).
      const f = fieldOf(model, node.name);
      if (f.columns.value!.kind === 'boolean') return sql`COALESCE(t.${sql.id(f.columns.value!.name)}, FALSE)`;
      return sql`NOT ${fieldIsEmpty('t', f)}`;
    }
    case 'unary':
      if (node.op === '!') return sql`NOT (${compile(model, node.arg, ctx)})`;
      return unsupported('运算表达式');
    case 'call': {
      const [a, b] = node.args;
      if (a?.type !== 'field') return unsupported(`${node.name}() 的第一个参数须为字段`);
      const f = fieldOf(model, a.name);
      if (node.name === 'isEmpty') return fieldIsEmpty('t', f);
      if (node.name === 'contains' && b) {
        const v = valueOf(b, ctx);
        if (v === null || Array.isArray(v)) return unsupported('contains() 的第二个参数须为单个值');
        // A choice list contains the value; a text contains the words.
        const kind = f.columns.value!.kind;
        return sql`COALESCE(${valueMatches('t', f, v, kind === 'jsonb_list' ? 'equal' : 'like')}, FALSE)`;
      }
      return unsupported(`${node.name}()`);
    }
    case 'binary': {
      if (node.op === '&&') return sql`(${compile(model, node.left, ctx)} AND ${compile(model, node.right, ctx)})`;
      if (node.op === '||') return sql`(${compile(model, node.left, ctx)} OR ${compile(model, node.right, ctx)})`;
      const leftField = node.left.type === 'field';
      if (!leftField && node.right.type !== 'field') return unsupported('不含字段的比较');
      const f = fieldOf(model, ((leftField ? node.left : node.right) as { name: string }).name);
      const v = valueOf(leftField ? node.right : node.left, ctx);
      if (node.op === 'in') {
        if (!leftField || !Array.isArray(v)) return unsupported('in 须为「字段 in 列表」');
        if (!v.length) return sql`FALSE`;
        return sql`(${sql.join(v.map((x) => equals(f, x)), sql` OR `)})`;
      }
      if (node.op === '==' || node.op === '===') return equals(f, v);
      if (node.op === '!=' || node.op === '!==') return sql`NOT (${equals(f, v)})`;
      if (COMPARE[node.op]) return sql`COALESCE(${ordered(f, leftField ? node.op : FLIP[node.op], v)}, FALSE)`;
      return unsupported(`运算符 ${node.op}`);
    }
    default:
      return unsupported('该表达式');
  }
}

/**
 * `source` as a WHERE condition on alias `t` of `model`'s main table; `ctx` gives `#{…}` values.
 * Example: `${amount} >= 100000 && ${contract_type} in ['purchase', 'lease']`.
 */
export function conditionWhere(model: FormModel, source: string, ctx: UserContext): Cond {
  if (/\$sql\s*\(/.test(source) || source.includes('$${')) unsupported('$sql 与 $${…} 引用');
  let tree: ConditionNode;
  try {
    tree = parseCondition(source);
  } catch (err) {
    if (err instanceof ConditionSyntaxError) throw badRequest(`筛选条件格式不正确：${err.message}`);
    throw err;
  }
  if (depth(tree) > MAX_DEPTH) unsupported(`嵌套超过${MAX_DEPTH}层的表达式`);
  return compile(model, tree, ctx);
}
