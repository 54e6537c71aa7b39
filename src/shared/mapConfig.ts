/**
 * The position map's system configuration (spec 02 §2.5), read by the client (is there a map,
 * where do tiles come from) and by the server (which hosts the CSP must allow). Both sides go
 * through the same validation, so a value the CSP does not allow never becomes a map either.
 */

/** Config keys of the map; none is seeded: without `tileUrl` the field stays a plain input. */
export const MAP_CONFIG_KEYS = {
  /** XYZ template, e.g. `https://tiles.example.com/{z}/{x}/{y}.png` (`{s}` for subdomains a, b, c). */
  tileUrl: 'sys.map.tile.url',
  /** Plain text shown in the map corner (escaped, never HTML). */
  attribution: 'sys.map.tile.attribution',
  /** Highest zoom the tile server has (1–22, default 18). */
  maxZoom: 'sys.map.tile.maxZoom',
  /**
   * The datum the tiles (and the search answers) are drawn in: `gcj02` for map services published
   * in China (AMap, Tencent), anything else WGS84. Stored values stay WGS84 either way.
   */
  datum: 'sys.map.tile.datum',
  /** Geocoding template with `{keyword}` (and optional `{count}`, `{bounds}`); no search box without it. */
  searchUrl: 'sys.map.search.url',
} as const;

export const MAP_CONFIG_KEY_LIST: string[] = Object.values(MAP_CONFIG_KEYS);

/** Spec 02 §2.5: keyword search returns 10 places within China's bounds. */
export const SEARCH_COUNT = 10;
/** China's bounds as minLon,minLat,maxLon,maxLat (the mainland, Hainan and the South China Sea islands). */
export const CHINA_BOUNDS = [73.4, 3.8, 135.1, 53.6] as const;

export interface MapTileConfig {
  /** The template as Leaflet takes it. */
  url: string;
  /** Escaped for Leaflet's attribution control, which writes HTML. */
  attributionHtml: string;
  maxZoom: number;
  /** The tiles are GCJ-02 (spec 02 §9): positions are shifted to draw, and picks shifted back. */
  gcj02: boolean;
}

export interface MapConfig {
  /** null: no (valid) tile source, no map. */
  tiles: MapTileConfig | null;
  /** The search template, or null: no search box. */
  searchUrl: string | null;
}

const DEFAULT_MAX_ZOOM = 18;

/** The CSP source (scheme://host[:port], `*.` for a `{s}` first label) of a template, or null if it is not a usable http(s) URL. */
export function templateSource(template: string | undefined | null, required: readonly string[]): string | null {
  const text = (template ?? '').trim();
  if (!text || text.length > 2000 || /\s/.test(text)) return null;
  if (!/^https?:\/\//i.test(text)) return null;
  if (!required.every((p) => text.includes(p))) return null;
  const hostPart = /^https?:\/\/([^/?#]*)/i.exec(text)?.[1] ?? '';
  if (!hostPart || hostPart.includes('@')) return null;
  const wildcard = /^\{s\}\./.test(hostPart);
  // Only `{s}` as the first host label may vary; any other placeholder in the host cannot be allowed by a CSP source.
  if (/[{}]/.test(wildcard ? hostPart.slice(4) : hostPart)) return null;
  let url: URL;
  try {
    url = new URL(text.replace(/\{[a-z-]+\}/gi, 'a'));
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  const [, ...rest] = url.host.split('.');
  const source = wildcard ? (rest.length >= 2 ? `${url.protocol}//*.${rest.join('.')}` : null) : url.origin;
  // A CSP source list is split on spaces, ';' and ','; only plain host characters may pass.
  return source && /^https?:\/\/[A-Za-z0-9.*\-[\]:]+$/.test(source) ? source : null;
}

/** The tile template's CSP source, when it is a usable XYZ template. */
export function tileSource(template: string | undefined | null): string | null {
  return templateSource(template, ['{z}', '{x}', '{y}']);
}

/** The search template's CSP source, when it is usable. */
export function searchSource(template: string | undefined | null): string | null {
  return templateSource(template, ['{keyword}']);
}

/** Text as HTML (Leaflet's attribution is HTML; the config is text). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** The map configuration from config values (missing or invalid entries mean "off"). */
export function mapConfigFrom(values: Record<string, string | undefined | null>): MapConfig {
  const tileUrl = values[MAP_CONFIG_KEYS.tileUrl]?.trim();
  const zoom = Number(values[MAP_CONFIG_KEYS.maxZoom]);
  const tiles = tileSource(tileUrl)
    ? {
        url: tileUrl as string,
        attributionHtml: escapeHtml((values[MAP_CONFIG_KEYS.attribution] ?? '').trim()),
        maxZoom: Number.isInteger(zoom) && zoom >= 1 && zoom <= 22 ? zoom : DEFAULT_MAX_ZOOM,
        gcj02: (values[MAP_CONFIG_KEYS.datum] ?? '').trim().toLowerCase() === 'gcj02',
      }
    : null;
  const searchUrl = values[MAP_CONFIG_KEYS.searchUrl]?.trim();
  // Search places a marker on the map, so it is offered only with a map.
  return { tiles, searchUrl: tiles && searchSource(searchUrl) ? (searchUrl as string) : null };
}

/** What the page's CSP must add: tile host to img-src, search host to connect-src. */
export function mapCspSources(values: Record<string, string | undefined | null>): { img: string[]; connect: string[] } {
  const config = mapConfigFrom(values);
  const img = config.tiles ? tileSource(config.tiles.url) : null;
  const connect = config.searchUrl ? searchSource(config.searchUrl) : null;
  return { img: img ? [img] : [], connect: connect ? [connect] : [] };
}

/** The search request URL for a keyword (10 results, China bounds). */
export function searchRequestUrl(template: string, keyword: string, count = SEARCH_COUNT): string {
  return template
    .replace(/\{keyword\}/g, encodeURIComponent(keyword))
    .replace(/\{count\}/g, String(count))
    .replace(/\{bounds\}/g, CHINA_BOUNDS.join(','));
}
