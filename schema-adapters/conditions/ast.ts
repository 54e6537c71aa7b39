/** Placeholder names of the user context that `#{…}` may name (CONTRACT.md §5). */
export const CONTEXT_PLACEHOLDERS = ['userId', 'userName', 'nickName', 'deptId', 'roleKeys', 'roleNames', 'companyId'] as const;

/** One `#{…}` placeholder name. */
export type ContextPlaceholder = (typeof CONTEXT_PLACEHOLDERS)[number];

/** Binary operators of the grammar, as the administrator writes them. */
export type BinaryOperator =
  | '==' | '!=' | '===' | '!==' | '>' | '>=' | '<' | '<=' | '&&' | '||' | '+' | '-' | '*' | '/' | '%' | 'in';

/** Functions the grammar offers. */
export const CONDITION_FUNCTIONS = ['contains', 'isEmpty', 'len'] as const;

/** A node of a parsed condition. The tree is plain data so it can be inspected and cached. */
export type ConditionNode =
  | { type: 'literal'; value: string | number | boolean | null }
  | { type: 'field'; name: string }
  | { type: 'context'; name: ContextPlaceholder }
  | { type: 'list'; items: ConditionNode[] }
  | { type: 'unary'; op: '!' | '-'; arg: ConditionNode }
  | { type: 'binary'; op: BinaryOperator; left: ConditionNode; right: ConditionNode }
  | { type: 'call'; name: (typeof CONDITION_FUNCTIONS)[number]; args: ConditionNode[] };

/** A parse failure with the character offset where it was noticed. */
export class ConditionSyntaxError extends Error {
  constructor(message: string, readonly position: number) {
    super(message);
    this.name = 'ConditionSyntaxError';
  }
}
