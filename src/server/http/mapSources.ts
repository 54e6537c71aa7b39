/**
 * The position map's hosts in the page's CSP (docs/adr/0605-leaflet-position-map.md): img-src gets
 * the configured tile host and connect-src the configured search host, when — and only when — the
 * tenant has configured them. The CSP that governs the app is the one on the HTML document, so the
 * hosts are looked up for document requests only (a browser navigation asks for text/html); the
 * tenant is the one the client asks its configuration for (the `Tenant-Code` cookie, else DEFAULT).
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { MAP_CONFIG_KEY_LIST, mapCspSources } from '../../shared/mapConfig.js';
import { getConfigValues } from '../repositories/configRepository.js';
import { findTenantByCode } from '../repositories/tenantRepository.js';

const SOURCES = Symbol('formwork.mapSources');
type WithSources = IncomingMessage & { [SOURCES]?: { img: string[]; connect: string[] } };

/** Same default as the client's `getTenantCode()`. */
const DEFAULT_TENANT = 'DEFAULT';

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

/** Looks the tenant's map hosts up for document requests; register before helmet so its CSP sees them. */
export function installMapSources(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isDocumentRequest(request.method, request.url, request.headers.accept)) return;
    try {
      const code = cookieValue(request.headers.cookie, 'Tenant-Code') || DEFAULT_TENANT;
      const tenant = await findTenantByCode(app.db, code.slice(0, 64));
      if (!tenant) return;
      (request.raw as WithSources)[SOURCES] = mapCspSources(await getConfigValues(app.db, tenant.id, MAP_CONFIG_KEY_LIST));
    } catch (err) {
      // The page must load even if the lookup fails; it then simply has no map hosts.
      request.log.warn({ err }, 'map sources lookup failed');
    }
  });
}

/** CSP directive entries (helmet calls them per response with the raw request). */
export const mapImgSources = (req: IncomingMessage): string => ((req as WithSources)[SOURCES]?.img ?? []).join(' ');
export const mapConnectSources = (req: IncomingMessage): string => ((req as WithSources)[SOURCES]?.connect ?? []).join(' ');
