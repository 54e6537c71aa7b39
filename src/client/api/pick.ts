/** Request bodies carry only the fields the server's closed schemas accept. Pure. */

/** Keep `keys` of `source` whose values are not undefined. */
export function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}
