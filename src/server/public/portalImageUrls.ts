/**
 * Public addresses of images inside published rich text (issue 32 item 1): a rich-text body stores
 * its uploaded images as `/api/common/download?fileName={key}`, which needs a token. The portal's
 * detail answer points them at `/api/portal/images/{form}/{id}/{field}/{ref}` instead, naming the
 * image by a digest of its key (the key itself, with its tenant, date and original name, is not
 * shown); `portalImages.ts` serves them. Works on the HTML the sanitizer has already cleaned.
 */
import { createHash } from 'node:crypto';
import { parseFileKey } from '../files/fileKeys.js';
import { isInlineSafe } from '../files/contentDisposition.js';

/**
 * A stored image's `src` as the sanitizer serializes it (STORED_IMG of sanitizeTemplate.ts: the
 * attribute in double quotes, `&` as `&amp;`).
 */
const STORED_SRC = /(<img\b[^>]*?\ssrc=")\/api\/common\/download\?fileName=([A-Za-z0-9%._~!'()*-]+)(?:&amp;inline=true)?"/g;

/** The stable, unguessable name of a key in a public address (the key never appears there). */
export function imageRef(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

function keyOf(encoded: string): string | null {
  try {
    const key = decodeURIComponent(encoded);
    return parseFileKey(key) ? key : null;
  } catch {
    return null;
  }
}

/** Which image keys of `tenantId` a cleaned rich text shows (only images a visitor's browser could draw). */
export function storedImageKeys(cleanHtml: string, tenantId: number): string[] {
  const keys: string[] = [];
  for (const m of cleanHtml.matchAll(STORED_SRC)) {
    const key = keyOf(m[2]);
    const parsed = key ? parseFileKey(key) : null;
    if (key && parsed && parsed.tenantId === tenantId && isInlineSafe(parsed.name)) keys.push(key);
  }
  return keys;
}

/** Where a visitor reads one image of a record's rich-text field. */
export interface ImagePlace {
  tenantCode: string;
  formName: string;
  id: number;
  field: string;
}

export function portalImageUrl(p: ImagePlace, key: string): string {
  return `/api/portal/images/${encodeURIComponent(p.formName)}/${p.id}/${encodeURIComponent(p.field)}/${imageRef(key)}?tenantCode=${encodeURIComponent(p.tenantCode)}`;
}

/**
 * A cleaned rich text with its stored images pointed at the public address; an image of another
 * tenant (pasted around the editor) or of a type not drawn in place loses its `src`.
 */
export function rewriteStoredImages(cleanHtml: string, tenantId: number, place: ImagePlace): string {
  return cleanHtml.replace(STORED_SRC, (_all, head: string, encoded: string) => {
    const key = keyOf(encoded);
    const parsed = key ? parseFileKey(key) : null;
    if (!key || !parsed || parsed.tenantId !== tenantId || !isInlineSafe(parsed.name)) return `${head}"`;
    return `${head}${portalImageUrl(place, key).replace(/&/g, '&amp;')}"`;
  });
}

