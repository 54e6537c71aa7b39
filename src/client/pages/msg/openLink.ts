/**
 * Where a message's link goes: http(s) in a new window, a file of `/api/common/download` (an
 * export's result) saved with the token, anything else inside the app. Pure.
 */
export function linkTarget(link: string): { kind: 'none' } | { kind: 'external'; url: string } | { kind: 'internal'; path: string } | { kind: 'download'; url: string } {
  const text = link.trim();
  if (!text) return { kind: 'none' };
  if (/^\/api\/common\/download\?/.test(text)) return { kind: 'download', url: text };
  if (/^https?:\/\//i.test(text)) return { kind: 'external', url: text };
  // Only app paths: never a protocol-relative or scheme address inside the app.
  if (text.startsWith('/') && !text.startsWith('//')) return { kind: 'internal', path: text };
  return { kind: 'none' };
}
