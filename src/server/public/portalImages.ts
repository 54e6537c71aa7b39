/**
 * Images inside published rich text (issue 32 item 1): a rich-text body stores its uploaded
 * images as `/api/common/download?fileName={key}`, which needs a token, so a signed-out visitor
 * saw broken images. The portal serves them at a public address instead, but only an image the
 * published rich-text field of a published record of an enabled source references, of the
 * record's tenant: the address names the record and field, and the image by a digest of its key
 * (the key itself, with its tenant, date and original name, is not shown). Every other file of the
 * tenant stays behind the sign-in. Rewriting happens on the cleaned HTML the detail answer serves.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { notFound } from '../http/HttpError.js';
import { parseFileKey } from '../files/fileKeys.js';
import { publishedRow } from '../repositories/portalRepository.js';
import { sanitizeRichTextHtml } from '../print/sanitizeTemplate.js';
import { activeTenant } from './anonymousForms.js';
import { sourceOf, versioned } from './portal.js';
import { imageRef, storedImageKeys } from './portalImageUrls.js';

export const PORTAL_IMAGE_MESSAGE = '图片不存在或未发布';

/**
 * `GET /api/portal/images/{form}/{id}/{field}/{ref}`: the key of the image `ref` names, when the
 * record is published, the field is a published rich-text field and its cleaned value shows that
 * image of the record's tenant; with the version for the route's ETag. One 404 for every refusal.
 */
export async function portalImage(db: Kysely<Database>, tenantCode: string | undefined, formName: string, id: number, field: string, ref: string) {
  const tenant = await activeTenant(db, tenantCode);
  const s = await sourceOf(db, tenant, formName);
  const at = s.defs.findIndex((f) => f.enName === field && f.funcType === 'richText');
  if (at < 0) throw notFound(PORTAL_IMAGE_MESSAGE);
  const { data: key, version } = await versioned(db, [s], async () => {
    const row = await publishedRow(db, s.model, s.columns, s.filter, id);
    const html = row?.values[at];
    if (!html) return null;
    return storedImageKeys(sanitizeRichTextHtml(html), tenant.id).find((k) => imageRef(k) === ref) ?? null;
  });
  if (!key) throw notFound(PORTAL_IMAGE_MESSAGE);
  return { key, name: parseFileKey(key)!.name, version };
}
