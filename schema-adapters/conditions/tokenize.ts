import { ConditionSyntaxError } from './ast';

/** A lexical token of the condition grammar. */
export type Token =
  | { kind: 'num'; value: number; pos: number }
  | { kind: 'str'; value: string; pos: number }
  | { kind: 'field'; value: string; pos: number }
  | { kind: 'ctx'; value: string; pos: number }
  | { kind: 'ident'; value: string; pos: number }
  | { kind: 'op'; value: string; pos: number }
  | { kind: 'eof'; value: ''; pos: number };

// Longest operators first so `===` is not read as `==` then `=`.
const OPERATORS = ['===', '!==', '==', '!=', '>=', '<=', '&&', '||', '>', '<', '!', '+', '-', '*', '/', '%', '(', ')', '[', ']', ','];
const NUMBER = /\d+(\.\d+)?|\.\d+/y;
const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;
const SPACE = /\s/;
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };

/** Splits a condition (without `$sql`/`$${}` forms) into tokens; throws ConditionSyntaxError. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (SPACE.test(c)) { i++; continue; }
    if (c === '$' && source[i + 1] === '{') {
      const end = source.indexOf('}', i + 2);
      if (end < 0) throw new ConditionSyntaxError('“${” 缺少结尾的 “}”', i);
      const name = source.slice(i + 2, end).trim();
      if (!name) throw new ConditionSyntaxError('“${}” 中缺少字段名', i);
      tokens.push({ kind: 'field', value: name, pos: i });
      i = end + 1;
      continue;
    }
    if (c === '#' && source[i + 1] === '{') {
      const end = source.indexOf('}', i + 2);
      if (end < 0) throw new ConditionSyntaxError('“#{” 缺少结尾的 “}”', i);
      tokens.push({ kind: 'ctx', value: source.slice(i + 2, end).trim(), pos: i });
      i = end + 1;
      continue;
    }
    if (c === "'" || c === '"') {
      let value = '';
      let j = i + 1;
      while (j < source.length && source[j] !== c) {
        if (source[j] === '\\' && j + 1 < source.length) { value += ESCAPES[source[j + 1]] ?? source[j + 1]; j += 2; continue; }
        value += source[j++];
      }
      if (j >= source.length) throw new ConditionSyntaxError('字符串缺少结尾的引号', i);
      tokens.push({ kind: 'str', value, pos: i });
      i = j + 1;
      continue;
    }
    NUMBER.lastIndex = i;
    const num = NUMBER.exec(source);
    if (num) { tokens.push({ kind: 'num', value: Number(num[0]), pos: i }); i += num[0].length; continue; }
    IDENT.lastIndex = i;
    const ident = IDENT.exec(source);
    if (ident) { tokens.push({ kind: 'ident', value: ident[0], pos: i }); i += ident[0].length; continue; }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (op) { tokens.push({ kind: 'op', value: op, pos: i }); i += op.length; continue; }
    throw new ConditionSyntaxError(`无法识别的字符 “${c}”`, i);
  }
  tokens.push({ kind: 'eof', value: '', pos: source.length });
  return tokens;
}
