/** Shapes and helpers shared by the guard's walks over the parser's tree (guard.ts, sizeBound.ts). */
import { SqlGuardError } from './errors.js';

/** A node of the parser's JSON tree (libpg-query): untyped by the parser; each walk checks the shapes it reads. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one documented exception: typing the whole PostgreSQL parse tree is out of scope
export type Node = Record<string, any>;

/** Throws the refusal with its Chinese reason. */
export const refuse = (message: string): never => { throw new SqlGuardError(message); };

/** The kind and body of a wrapped node `{Kind: {...}}`. */
export function unwrap(node: unknown): [string, Node] {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return refuse('SQL条件的语法无法识别');
  const keys = Object.keys(node);
  if (keys.length !== 1) return refuse('SQL条件的语法无法识别');
  return [keys[0], (node as Node)[keys[0]] as Node];
}

/** The names of a list of String nodes (a function's, type's or operator's qualified name). */
export function strings(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((n) => {
    const [kind, body] = unwrap(n);
    if (kind !== 'String') return refuse('SQL条件的语法无法识别');
    return String(body.sval ?? '');
  });
}
