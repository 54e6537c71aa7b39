// Runtime helpers bound into expr-eval-fork. They follow JavaScript's loose semantics that the
// administrators' conditions were written for (`${status} == '1'` matches the number 1).

/** `a == b` for primitives; null and undefined equal only each other; objects by identity. */
export function looseEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a == null || b == null) return a == null && b == null;
  if (typeof a === 'object' || typeof b === 'object') return false;
  return a == b;
}

/** `contains(listOrText, x)`: a list holding x (loosely), or a text containing x; null holds nothing. */
export function contains(haystack: unknown, needle: unknown): boolean {
  if (Array.isArray(haystack)) return haystack.some((item) => looseEquals(item, needle));
  if (haystack == null || needle == null) return false;
  return String(haystack).includes(String(needle));
}

/** `isEmpty(x)`: null, undefined, '', an empty list or an empty object. */
export function isEmptyValue(value: unknown): boolean {
  if (value == null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

/** `len(x)`: characters of a text, items of a list, 0 for null. */
export function len(value: unknown): number {
  if (value == null) return 0;
  if (Array.isArray(value) || typeof value === 'string') return value.length;
  return String(value).length;
}

/** JavaScript `+`: text joins, anything else adds as numbers. */
export function plus(a: unknown, b: unknown): unknown {
  if (typeof a === 'string' || typeof b === 'string') return `${a ?? ''}${b ?? ''}`;
  return Number(a ?? 0) + Number(b ?? 0);
}

/** The functions every compiled condition may call, by the names the compiler emits. */
export const RUNTIME_FUNCTIONS = {
  fw_eq: looseEquals,
  fw_ne: (a: unknown, b: unknown) => !looseEquals(a, b),
  fw_plus: plus,
  fw_in: (x: unknown, list: unknown) => contains(list, x),
  fw_contains: contains,
  fw_isEmpty: isEmptyValue,
  fw_len: len,
  fw_seq: (a: unknown, b: unknown) => a === b,
  fw_sne: (a: unknown, b: unknown) => a !== b,
} as const;
