import { CONDITION_FUNCTIONS, CONTEXT_PLACEHOLDERS, ConditionSyntaxError, type BinaryOperator, type ConditionNode, type ContextPlaceholder } from './ast';
import { tokenize, type Token } from './tokenize';

// Lowest precedence first; each level is left-associative.
const LEVELS: BinaryOperator[][] = [['||'], ['&&'], ['==', '!=', '===', '!=='], ['<', '<=', '>', '>=', 'in'], ['+', '-'], ['*', '/', '%']];

/**
 * Parses an expression condition of CONTRACT.md §5 into a tree.
 * Example: `parseCondition("${amount} > 1000 && #{roleNames} contains…")`. Throws ConditionSyntaxError.
 */
export function parseCondition(source: string): ConditionNode {
  const tokens = tokenize(source);
  let at = 0;
  const peek = (): Token => tokens[at];
  const isOp = (value: string): boolean => {
    const t = peek();
    return (t.kind === 'op' && t.value === value) || (value === 'in' && t.kind === 'ident' && t.value === 'in');
  };
  const expect = (value: string): void => {
    if (!isOp(value)) throw new ConditionSyntaxError(`此处应为 “${value}”`, peek().pos);
    at++;
  };

  const binary = (level: number): ConditionNode => {
    if (level === LEVELS.length) return unary();
    let left = binary(level + 1);
    for (;;) {
      const op = LEVELS[level].find(isOp);
      if (!op) return left;
      at++;
      left = { type: 'binary', op, left, right: binary(level + 1) };
    }
  };

  const unary = (): ConditionNode => {
    if (isOp('!')) { at++; return { type: 'unary', op: '!', arg: unary() }; }
    if (isOp('-')) { at++; return { type: 'unary', op: '-', arg: unary() }; }
    if (isOp('+')) { at++; return unary(); }
    return primary();
  };

  const list = (close: string): ConditionNode[] => {
    const items: ConditionNode[] = [];
    if (isOp(close)) { at++; return items; }
    for (;;) {
      items.push(binary(0));
      if (isOp(',')) { at++; continue; }
      expect(close);
      return items;
    }
  };

  const primary = (): ConditionNode => {
    const t = peek();
    at++;
    switch (t.kind) {
      case 'num': return { type: 'literal', value: t.value };
      case 'str': return { type: 'literal', value: t.value };
      case 'field': return { type: 'field', name: t.value };
      case 'ctx':
        if (!(CONTEXT_PLACEHOLDERS as readonly string[]).includes(t.value)) {
          throw new ConditionSyntaxError(`未知的用户上下文 “#{${t.value}}”，可用：${CONTEXT_PLACEHOLDERS.join('、')}`, t.pos);
        }
        return { type: 'context', name: t.value as ContextPlaceholder };
      case 'ident': {
        if (t.value === 'true' || t.value === 'false') return { type: 'literal', value: t.value === 'true' };
        if (t.value === 'null') return { type: 'literal', value: null };
        if ((CONDITION_FUNCTIONS as readonly string[]).includes(t.value) && isOp('(')) {
          at++;
          const args = list(')');
          const want = t.value === 'contains' ? 2 : 1;
          if (args.length !== want) throw new ConditionSyntaxError(`函数 ${t.value} 需要 ${want} 个参数`, t.pos);
          return { type: 'call', name: t.value as (typeof CONDITION_FUNCTIONS)[number], args };
        }
        throw new ConditionSyntaxError(`未知的名称 “${t.value}”（字段请写成 \${字段名}）`, t.pos);
      }
      case 'op':
        if (t.value === '(') { const inner = binary(0); expect(')'); return inner; }
        if (t.value === '[') return { type: 'list', items: list(']') };
        throw new ConditionSyntaxError(`此处不应出现 “${t.value}”`, t.pos);
      default:
        throw new ConditionSyntaxError('条件不完整', t.pos);
    }
  };

  const tree = binary(0);
  if (peek().kind !== 'eof') throw new ConditionSyntaxError(`多余的内容 “${String(peek().value)}”`, peek().pos);
  return tree;
}

/** The distinct field names a tree reads, in order of first use. */
export function fieldsOf(node: ConditionNode, out: string[] = []): string[] {
  switch (node.type) {
    case 'field': if (!out.includes(node.name)) out.push(node.name); break;
    case 'list': node.items.forEach((n) => fieldsOf(n, out)); break;
    case 'unary': fieldsOf(node.arg, out); break;
    case 'binary': fieldsOf(node.left, out); fieldsOf(node.right, out); break;
    case 'call': node.args.forEach((n) => fieldsOf(n, out)); break;
    default: break;
  }
  return out;
}
