/**
 * The document camera is a service on the user's own machine (spec 02 §7) whose address a tenant
 * sets in `sys.upload.camera.url`. The page's CSP must let the browser reach it (`connect-src` for
 * the calls, `img-src` for the live stream) — only when the tenant configured one, and only that
 * origin. Like the map hosts (`http/mapSources.ts`), it is looked up for document requests, for the
 * tenant of the `Tenant-Code` cookie (else DEFAULT).
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { cookieValue } from '../http/mapSources.js';
import { getConfigValue } from '../repositories/configRepository.js';
import { findTenantByCode } from '../repositories/tenantRepository.js';

export const CAMERA_URL_KEY = 'sys.upload.camera.url';
const ORIGIN = Symbol('formwork.cameraOrigin');
type WithOrigin = IncomingMessage & { [ORIGIN]?: string | null };

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

function isDocumentRequest(method: string, url: string, accept: string | undefined): boolean {
  const path = url.split('?')[0];
  return (method === 'GET' || method === 'HEAD') && path !== '/api' && !path.startsWith('/api/') && (accept ?? '').includes('text/html');
}

/** Adds the lookup hook (before helmet, so its CSP sees the result). */
export function installCameraCsp(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isDocumentRequest(request.method, request.url, request.headers.accept)) return;
    try {
      const tenant = await findTenantByCode(app.db, (cookieValue(request.headers.cookie, 'Tenant-Code') || 'DEFAULT').slice(0, 64));
      if (tenant) (request.raw as WithOrigin)[ORIGIN] = cameraOrigin(await getConfigValue(app.db, tenant.id, CAMERA_URL_KEY));
    } catch (err) {
      // The page must load even if the lookup fails; it then has no camera source.
      request.log.warn({ err }, 'camera source lookup failed');
    }
  });
}

/** The CSP entry for connect-src and img-src (helmet calls it per response with the raw request). */
export const cameraSource = (req: IncomingMessage): string => (req as WithOrigin)[ORIGIN] ?? '';
