/** Fills `{key}` placeholders of a new-window menu link from the user's info (spec 02 §2.1). Pure. */

/** Replace each `{key}` with the URI-encoded value of `info[key]` (empty when absent). */
export function fillPlaceholders(url: string, info: Record<string, unknown>): string {
  return url.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(info[key] === undefined || info[key] === null ? '' : String(info[key])));
}
