/**
 * A branch's conditions ⇄ the product's condition grammar (CONTRACT.md §5): each condition is one
 * clause of a fixed shape, joined with `&&`. Only those shapes are read back; any other text (a
 * condition typed in the modeller) is not a builder condition and parseConditions says so.
 */
import type { BranchCondition, ConditionOp } from './builderModel.js';

const SYMBOL: Partial<Record<ConditionOp, string>> = { eq: '==', ne: '!=', gt: '>', ge: '>=', lt: '<', le: '<=' };
const OP_OF_SYMBOL: Record<string, ConditionOp> = { '==': 'eq', '!=': 'ne', '>': 'gt', '>=': 'ge', '<': 'lt', '<=': 'le' };

function literal(v: BranchCondition['value']): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '0';
  if (typeof v === 'boolean') return String(v);
  return `'${String(v ?? '').replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** One condition as a clause of the grammar. */
export function compileCondition(c: BranchCondition): string {
  const f = `\${${c.field}}`;
  if (c.op === 'empty') return `isEmpty(${f})`;
  if (c.op === 'notEmpty') return `!isEmpty(${f})`;
  if (c.op === 'contains') return `contains(${f}, ${literal(c.value)})`;
  return `${f} ${SYMBOL[c.op]} ${literal(c.value)}`;
}

/** A branch's conditions as one expression (all must hold). */
export function compileConditions(list: BranchCondition[]): string {
  return list.map(compileCondition).join(' && ');
}

const FIELD = String.raw`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`;
const VALUE = String.raw`('(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?|true|false)`;
const CLAUSES: { re: RegExp; op?: ConditionOp }[] = [
  { re: new RegExp(`^!isEmpty\\(${FIELD}\\)`), op: 'notEmpty' },
  { re: new RegExp(`^isEmpty\\(${FIELD}\\)`), op: 'empty' },
  { re: new RegExp(`^contains\\(${FIELD}, ${VALUE}\\)`), op: 'contains' },
  { re: new RegExp(`^${FIELD} (==|!=|>=|<=|>|<) ${VALUE}`) },
];

function valueOf(text: string): BranchCondition['value'] {
  if (text === 'true' || text === 'false') return text === 'true';
  if (text.startsWith("'")) return text.slice(1, -1).replace(/\\(.)/g, '$1');
  return Number(text);
}

/** The conditions an expression written by compileConditions holds; null for any other text. */
export function parseConditions(expr: string): BranchCondition[] | null {
  const out: BranchCondition[] = [];
  let rest = expr.trim();
  while (rest) {
    let matched = false;
    for (const { re, op } of CLAUSES) {
      const m = re.exec(rest);
      if (!m) continue;
      if (op === 'empty' || op === 'notEmpty') out.push({ field: m[1], op });
      else if (op === 'contains') out.push({ field: m[1], op, value: valueOf(m[2]) });
      else out.push({ field: m[1], op: OP_OF_SYMBOL[m[2]], value: valueOf(m[3]) });
      rest = rest.slice(m[0].length);
      matched = true;
      break;
    }
    if (!matched) return null;
    if (!rest) break;
    if (!rest.startsWith(' && ')) return null;
    rest = rest.slice(4);
    if (!rest) return null;
  }
  return out.length ? out : null;
}
