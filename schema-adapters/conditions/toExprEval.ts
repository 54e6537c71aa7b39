import type { ConditionNode } from './ast';

/** The expr-eval-fork source of a tree plus the values its variables need besides the data. */
export interface ExprEvalProgram {
  /** expr-eval-fork source; fields are `f0…`, context `c_userId…`, texts `s0…`. */
  source: string;
  /** Field name of each `f{i}` variable. */
  fieldVariables: string[];
  /** Context placeholder of each `c_{name}` variable. */
  contextVariables: string[];
  /** Text literals and null, bound as variables so no quoting rules of the target matter. */
  constants: Record<string, unknown>;
}

// Everything is emitted fully parenthesised, so expr-eval-fork's own precedence never applies.
const NATIVE: Record<string, string> = { '>': '>', '>=': '>=', '<': '<', '<=': '<=', '-': '-', '*': '*', '/': '/', '%': '%', '&&': 'and', '||': 'or' };
const CALLS: Record<string, string> = { '==': 'fw_eq', '!=': 'fw_ne', '===': 'fw_seq', '!==': 'fw_sne', '+': 'fw_plus', in: 'fw_in' };

/** Translates a parsed condition into an expr-eval-fork program (never JavaScript). */
export function toExprEval(tree: ConditionNode): ExprEvalProgram {
  const program: ExprEvalProgram = { source: '', fieldVariables: [], contextVariables: [], constants: { fw_null: null } };
  let texts = 0;
  const emit = (node: ConditionNode): string => {
    switch (node.type) {
      case 'literal':
        if (node.value === null) return 'fw_null';
        if (typeof node.value === 'boolean') return String(node.value);
        if (typeof node.value === 'number') return String(node.value);
        program.constants[`s${texts}`] = node.value;
        return `s${texts++}`;
      case 'field': {
        let index = program.fieldVariables.indexOf(node.name);
        if (index < 0) index = program.fieldVariables.push(node.name) - 1;
        return `f${index}`;
      }
      case 'context':
        if (!program.contextVariables.includes(node.name)) program.contextVariables.push(node.name);
        return `c_${node.name}`;
      case 'list': return `[${node.items.map(emit).join(', ')}]`;
      case 'unary': return node.op === '!' ? `(not (${emit(node.arg)}))` : `(-(${emit(node.arg)}))`;
      case 'binary': {
        const call = CALLS[node.op];
        if (call) return `${call}(${emit(node.left)}, ${emit(node.right)})`;
        return `(${emit(node.left)} ${NATIVE[node.op]} ${emit(node.right)})`;
      }
      case 'call': return `fw_${node.name}(${node.args.map(emit).join(', ')})`;
    }
  };
  program.source = emit(tree);
  return program;
}
