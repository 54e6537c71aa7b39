/**
 * WGS84 ↔ GCJ-02 (spec 02 §9). Map tiles published in China (AMap, Tencent and the like) are drawn
 * in GCJ-02, an obfuscated datum offset from GPS's WGS84 by up to a few hundred metres; a WGS84
 * position drawn on them lands on the wrong street. Outside China's bounds nothing is shifted.
 * The forward formula is the published one; the inverse is solved by iteration (to well under a
 * centimetre), not the common one-step approximation that is off by metres.
 */

import { CHINA_BOUNDS } from '../mapConfig';

/** A position as [longitude, latitude] in degrees. */
export type LonLat = [number, number];

const A = 6378245.0;
const EE = 0.006693421622965943;

/** Spec 02 §9: conversion applies only inside China's bounds (the map search's, so both agree). */
export function outOfChina(lon: number, lat: number): boolean {
  const [minLon, minLat, maxLon, maxLat] = CHINA_BOUNDS;
  return !(lon >= minLon && lon <= maxLon && lat >= minLat && lat <= maxLat);
}

function transformLat(x: number, y: number): number {
  let r = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  r += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  r += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return r;
}

function transformLon(x: number, y: number): number {
  let r = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  r += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  r += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return r;
}

/** The GCJ-02 position of a WGS84 one. */
export function wgs84ToGcj02([lon, lat]: LonLat): LonLat {
  if (outOfChina(lon, lat)) return [lon, lat];
  let dLat = transformLat(lon - 105.0, lat - 35.0);
  let dLon = transformLon(lon - 105.0, lat - 35.0);
  const radLat = (lat / 180.0) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  dLon = (dLon * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [lon + dLon, lat + dLat];
}

/** The WGS84 position of a GCJ-02 one (iterated until the forward conversion gives it back). */
export function gcj02ToWgs84([lon, lat]: LonLat): LonLat {
  if (outOfChina(lon, lat)) return [lon, lat];
  let wLon = lon;
  let wLat = lat;
  for (let i = 0; i < 30; i++) {
    const [gLon, gLat] = wgs84ToGcj02([wLon, wLat]);
    const dLon = gLon - lon;
    const dLat = gLat - lat;
    wLon -= dLon;
    wLat -= dLat;
    if (Math.abs(dLon) < 1e-10 && Math.abs(dLat) < 1e-10) break;
  }
  return [wLon, wLat];
}
