/**
 * Position values as text (spec 01 §3.3): a point `lon,lat`, or box areas
 * `swLon,swLat;neLon,neLat` joined by '-'. Pure: no React, no Leaflet. Box separators and minus
 * signs share the '-' character, so boxes are read with one anchored pattern, never by splitting.
 */
import { POSITION_PATTERN } from '../../../../schema-adapters/fieldTypes/special';

/** [longitude, latitude] (the text order; Leaflet wants [lat, lon]). */
export type LonLat = [number, number];

export interface Box {
  sw: LonLat;
  ne: LonLat;
}

/** Spec 02 §2.5: map centre, zooms, new box half-size, search debounce. */
export const MAP_CENTRE: LonLat = [116.39, 39.9];
export const MAP_ZOOM = 12;
export const BOX_ZOOM = 15;
export const BOX_HALF_SIZE = 0.002;
export const SEARCH_DEBOUNCE_MS = 200;

const NUM = '(-?\\d+(?:\\.\\d+)?)';
const POINT_RE = new RegExp(`^${NUM},${NUM}$`);
const BOX_RE = new RegExp(`${NUM},${NUM};${NUM},${NUM}(?:-|$)`, 'y');

function inRange([lon, lat]: LonLat): boolean {
  return Math.abs(lon) <= 180 && Math.abs(lat) <= 90;
}

/** A coordinate to at most 6 decimals (about 0.1 m), without trailing zeros or exponent. */
export function formatCoordinate(n: number): string {
  const fixed = n.toFixed(6).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
}

/** `lon,lat` → [lon, lat], or null when the text is no point on earth. */
export function parsePoint(text: string | null | undefined): LonLat | null {
  const m = POINT_RE.exec((text ?? '').trim());
  if (!m) return null;
  const p: LonLat = [Number(m[1]), Number(m[2])];
  return inRange(p) ? p : null;
}

export function formatPoint([lon, lat]: LonLat): string {
  return `${formatCoordinate(lon)},${formatCoordinate(lat)}`;
}

/** A box with sw below-left of ne whatever corners it was given. */
export function normaliseBox(a: LonLat, b: LonLat): Box {
  return { sw: [Math.min(a[0], b[0]), Math.min(a[1], b[1])], ne: [Math.max(a[0], b[0]), Math.max(a[1], b[1])] };
}

/** `swLon,swLat;neLon,neLat[-…]` → boxes, or null when the text is not a list of boxes on earth. */
export function parseBoxes(text: string | null | undefined): Box[] | null {
  const s = (text ?? '').trim();
  if (!s || !POSITION_PATTERN.test(s) || POINT_RE.test(s)) return null;
  const boxes: Box[] = [];
  BOX_RE.lastIndex = 0;
  while (BOX_RE.lastIndex < s.length) {
    const m = BOX_RE.exec(s);
    if (!m) return null;
    const a: LonLat = [Number(m[1]), Number(m[2])];
    const b: LonLat = [Number(m[3]), Number(m[4])];
    if (!inRange(a) || !inRange(b)) return null;
    boxes.push(normaliseBox(a, b));
  }
  return boxes;
}

/** Boxes → text; no boxes → null (the field's empty value). */
export function formatBoxes(boxes: Box[]): string | null {
  if (!boxes.length) return null;
  return boxes.map((b) => `${formatPoint(b.sw)};${formatPoint(b.ne)}`).join('-');
}

const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));
const clampLon = (lon: number) => Math.max(-180, Math.min(180, lon));

/** A new box of the given half-size around a point (spec 02 §2.5: 0.002°). */
export function boxAround([lon, lat]: LonLat, half = BOX_HALF_SIZE): Box {
  return { sw: [clampLon(lon - half), clampLat(lat - half)], ne: [clampLon(lon + half), clampLat(lat + half)] };
}

export function boxCentre(box: Box): LonLat {
  return [(box.sw[0] + box.ne[0]) / 2, (box.sw[1] + box.ne[1]) / 2];
}

/** The same box moved so that its centre is at `centre`. */
export function moveBox(box: Box, centre: LonLat): Box {
  const [cx, cy] = boxCentre(box);
  const dx = centre[0] - cx;
  const dy = centre[1] - cy;
  return { sw: [box.sw[0] + dx, box.sw[1] + dy], ne: [box.ne[0] + dx, box.ne[1] + dy] };
}

/** A place found by keyword search. */
export interface Place {
  name: string;
  lon: number;
  lat: number;
}

function num(v: unknown): number {
  return typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
}

function placeOf(item: unknown): Place | null {
  if (!item || typeof item !== 'object') return null;
  const o = item as Record<string, unknown>;
  // GeoJSON feature (Photon, Pelias): geometry.coordinates = [lon, lat], properties.name / label.
  const geometry = o.geometry as { coordinates?: unknown } | undefined;
  const props = (o.properties ?? {}) as Record<string, unknown>;
  let lon = NaN;
  let lat = NaN;
  if (geometry && Array.isArray(geometry.coordinates)) [lon, lat] = geometry.coordinates.map(num);
  else {
    // Nominatim (lon / lat as text) and similar flat answers (lng, longitude …).
    lon = num(o.lon ?? o.lng ?? o.longitude);
    lat = num(o.lat ?? o.latitude);
    if (Number.isNaN(lon) && typeof o.location === 'string') [lon, lat] = o.location.split(',').map(num);
  }
  const rawName = o.display_name ?? o.name ?? o.label ?? o.title ?? o.address ?? props.label ?? props.name;
  const extra = [props.city, props.state, props.country].filter((x) => typeof x === 'string' && x && x !== props.name);
  const name = typeof rawName === 'string' ? [rawName, ...(o.display_name || props.label ? [] : extra)].join('，') : '';
  if (!name || !Number.isFinite(lon) || !Number.isFinite(lat) || !inRange([lon, lat])) return null;
  return { name, lon, lat };
}

/**
 * Places of a geocoding answer: a Nominatim-style array, a GeoJSON FeatureCollection, or an
 * envelope with the list under `data`, `results`, `pois` or `features`; at most `count`.
 */
export function placesFrom(answer: unknown, count = 10): Place[] {
  const o = (answer && typeof answer === 'object' ? answer : {}) as Record<string, unknown>;
  const list = Array.isArray(answer) ? answer : [o.features, o.data, o.results, o.pois].find(Array.isArray) ?? [];
  return (list as unknown[]).map(placeOf).filter((p): p is Place => p !== null).slice(0, count);
}
