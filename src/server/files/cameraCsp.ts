/**
 * The document camera is a service on the user's own machine (spec 02 §7) whose address a tenant
 * sets in `sys.upload.camera.url`. The page's CSP must let the browser reach it (`connect-src` for
 * the calls, `img-src` for the live stream) — only when the tenant configured one, and only that
 * origin. `http/pageSources.ts` adds it, with the map hosts, in one lookup per document request.
 */

export const CAMERA_URL_KEY = 'sys.upload.camera.url';

/** The http(s) origin of a configured camera URL, or null (nothing else ever reaches the header). */
export function cameraOrigin(raw: string | null | undefined): string | null {
  if (!raw?.trim()) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
