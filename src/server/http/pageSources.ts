/**
 * Outside hosts a tenant configured, in the page's CSP: the position map's tile host (img-src) and
 * search host (connect-src) (docs/adr/0605-leaflet-position-map.md), and the document camera's
 * origin (connect-src and img-src; docs/adr/0604-upload-extras.md) — each when, and only when, the
 * tenant has configured it. The CSP that governs the app is the one on the HTML document, so the
 * hosts are looked up for document requests only (a browser navigation asks for text/html), once
 * per request, for the tenant the client asks its configuration for (the `Tenant-Code` cookie,
 * else DEFAULT).
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { MAP_CONFIG_KEY_LIST, mapCspSources } from '../../shared/mapConfig.js';
import { CAMERA_URL_KEY, cameraOrigin } from '../files/cameraCsp.js';
import { getConfigValues } from '../repositories/configRepository.js';
import { findTenantByCode } from '../repositories/tenantRepository.js';

const SOURCES = Symbol('formwork.pageSources');
type WithSources = IncomingMessage & { [SOURCES]?: { img: string[]; connect: string[] } };

/** Same default as the client's `getTenantCode()`. */
const DEFAULT_TENANT = 'DEFAULT';
const KEYS = [...MAP_CONFIG_KEY_LIST, CAMERA_URL_KEY];

/** A cookie's value from a Cookie header (js-cookie encodes values with encodeURIComponent). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function isDocumentRequest(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0];
  if (path === '/api' || path.startsWith('/api/')) return false;
  return (accept ?? '').includes('text/html');
}

/** Looks the tenant's hosts up for document requests; register before helmet so its CSP sees them. */
export function installPageSources(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isDocumentRequest(request.method, request.url, request.headers.accept)) return;
    try {
      const code = cookieValue(request.headers.cookie, 'Tenant-Code') || DEFAULT_TENANT;
      const tenant = await findTenantByCode(app.db, code.slice(0, 64));
      if (!tenant) return;
      const values = await getConfigValues(app.db, tenant.id, KEYS);
      const map = mapCspSources(values);
      const camera = cameraOrigin(values[CAMERA_URL_KEY]);
      (request.raw as WithSources)[SOURCES] = { img: camera ? [...map.img, camera] : map.img, connect: camera ? [...map.connect, camera] : map.connect };
    } catch (err) {
      // The page must load even if the lookup fails; it then simply has no outside hosts.
      request.log.warn({ err }, 'page CSP sources lookup failed');
    }
  });
}

/** CSP directive entries (helmet calls them per response with the raw request). */
export const pageImgSources = (req: IncomingMessage): string => ((req as WithSources)[SOURCES]?.img ?? []).join(' ');
export const pageConnectSources = (req: IncomingMessage): string => ((req as WithSources)[SOURCES]?.connect ?? []).join(' ');
