/** The query a menu entry asks for (spec 02 §2.1 flags `blank`, `noSidebar`, `noHeader`). Pure. */

/** `'{"blank":true}'` or `'blank=1&x=2'` → `'?blank=true&x=2'`-style search string ('' when none). */
export function menuQueryString(query: string | undefined): string {
  if (!query || !query.trim()) return '';
  let params: URLSearchParams;
  try {
    const parsed = JSON.parse(query) as Record<string, unknown>;
    params = new URLSearchParams(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch {
    params = new URLSearchParams(query.replace(/^\?/, ''));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
