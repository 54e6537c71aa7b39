/** GET parameter serialisation of spec 02 §5/§7: nested keys as `key[sub]`, empties dropped, strings trimmed. */

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function append(out: string[], key: string, value: unknown): void {
  if (isEmpty(value)) return;
  if (typeof value === 'object' && !(value instanceof Date)) {
    for (const [sub, inner] of Object.entries(value as Record<string, unknown>)) {
      append(out, `${key}[${sub}]`, inner);
    }
    return;
  }
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value.trim() : String(value);
  out.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
}

/**
 * Serialise query parameters. Example: `{a:' x ', b:'', c:{d:1}}` → `a=x&c%5Bd%5D=1`.
 */
export function toQueryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const out: string[] = [];
  for (const [key, value] of Object.entries(params)) append(out, key, value);
  return out.join('&');
}
