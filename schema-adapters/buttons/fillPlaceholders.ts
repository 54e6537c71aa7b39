/**
 * Replaces `${name}` in a text by the record's value of that field (`id` included): for a
 * link, each value URL-encoded; for a message, as text. Lists are joined with commas; a
 * missing or null value becomes ''. Example: `fillPlaceholders('/x?id=${id}', {id: 7}, true)` → `/x?id=7`.
 */
export function fillPlaceholders(template: string, record: Record<string, unknown>, encode: boolean): string {
  return template.replace(/(?<!\$)\$\{\s*([A-Za-z_][A-Za-z0-9_$]*)\s*\}/g, (_, name: string) => {
    const raw = Object.prototype.hasOwnProperty.call(record, name) ? record[name] : null;
    const text = raw == null ? '' : Array.isArray(raw) ? raw.join(',') : typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
    return encode ? encodeURIComponent(text) : text;
  });
}

/** Whether a link may be opened: a same-site path (`/…`, not `//…`) or an http(s) address; never `javascript:` and the like. */
export function safeLink(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  return /^https?:\/\/[^\s/]+/i.test(url);
}
