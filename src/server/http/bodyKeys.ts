/**
 * Refuses JSON bodies holding an object key that replaces a built-in conversion (`toString`,
 * `valueOf`, `toLocaleString`): `String(x)`, `Number(x)`, template literals and `Array.join`
 * throw on such an object, which turned many a field check into a 500 (issue 11, fuzz run).
 * No field, setting or query key of ours has these names (field names are lower case), so one
 * check at the door replaces a guard at every conversion. `__proto__` and `constructor.prototype`
 * are refused by Fastify's JSON parser already.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './HttpError.js';

const CONVERSION_KEYS: ReadonlySet<string> = new Set(['toString', 'valueOf', 'toLocaleString']);

/** The first conversion key anywhere in `body`, or null; iterative, so deep nesting cannot overflow the stack. */
export function conversionKeyIn(body: unknown): string | null {
  const stack: unknown[] = [body];
  while (stack.length) {
    const v = stack.pop();
    if (!v || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const x of v) if (x && typeof x === 'object') stack.push(x);
      continue;
    }
    for (const [k, x] of Object.entries(v)) {
      if (CONVERSION_KEYS.has(k)) return k;
      if (x && typeof x === 'object') stack.push(x);
    }
  }
  return null;
}

/** Installs the check for every parsed body (before route schemas and handlers see it). */
export function installBodyKeyCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const key = conversionKeyIn(request.body);
    if (key) throw badRequest(`请求体含有不允许的键名：${key}`);
  });
}
