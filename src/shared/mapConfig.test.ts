import { describe, expect, it } from 'vitest';
import { MAP_CONFIG_KEYS, mapConfigFrom, mapCspSources, searchRequestUrl, searchSource, tileSource } from './mapConfig';

describe('tileSource', () => {
  it('gives the origin of a usable XYZ template', () => {
    expect(tileSource('https://tiles.example.com/osm/{z}/{x}/{y}.png')).toBe('https://tiles.example.com');
    expect(tileSource(' http://127.0.0.1:8090/{z}/{x}/{y}.png ')).toBe('http://127.0.0.1:8090');
    expect(tileSource('https://Tiles.Example.com:8443/{z}/{x}/{-y}.png?key=a{y}')).toBe('https://tiles.example.com:8443');
  });

  it('turns a {s} first label into a wildcard', () => {
    expect(tileSource('https://{s}.tile.example.com/{z}/{x}/{y}{r}.png')).toBe('https://*.tile.example.com');
    expect(tileSource('https://{s}.com/{z}/{x}/{y}.png')).toBeNull();
  });

  it('refuses what is not an http(s) XYZ template or could widen the CSP', () => {
    for (const bad of [
      undefined,
      '',
      'tiles.example.com/{z}/{x}/{y}.png',
      'ftp://tiles.example.com/{z}/{x}/{y}.png',
      'javascript:alert(1)//{z}/{x}/{y}',
      'https://tiles.example.com/{z}/{x}.png',
      'https://tiles.example.com/{z}/{x}/{y}.png; script-src *',
      "https://tiles.example.com;script-src/{z}/{x}/{y}.png",
      'https://a,b.example.com/{z}/{x}/{y}.png',
      'https://user:pw@tiles.example.com/{z}/{x}/{y}.png',
      'https://tiles.{z}.example.com/{z}/{x}/{y}.png',
      'https:///{z}/{x}/{y}.png',
    ]) {
      expect(tileSource(bad), String(bad)).toBeNull();
    }
  });
});

describe('mapConfigFrom and mapCspSources', () => {
  it('is off without a tile URL, and search needs a map', () => {
    expect(mapConfigFrom({})).toEqual({ tiles: null, searchUrl: null });
    expect(mapConfigFrom({ [MAP_CONFIG_KEYS.searchUrl]: 'https://geo.example.com/search?q={keyword}' })).toEqual({ tiles: null, searchUrl: null });
    expect(mapCspSources({ [MAP_CONFIG_KEYS.searchUrl]: 'https://geo.example.com/search?q={keyword}' })).toEqual({ img: [], connect: [] });
  });

  it('reads tiles, escaped attribution, max zoom and search', () => {
    const values = {
      [MAP_CONFIG_KEYS.tileUrl]: 'https://tiles.example.com/{z}/{x}/{y}.png',
      [MAP_CONFIG_KEYS.attribution]: '© <b>OSM</b> & co',
      [MAP_CONFIG_KEYS.maxZoom]: '19',
      [MAP_CONFIG_KEYS.searchUrl]: 'https://geo.example.com/search?q={keyword}&limit={count}&viewbox={bounds}',
    };
    expect(mapConfigFrom(values)).toEqual({
      tiles: { url: 'https://tiles.example.com/{z}/{x}/{y}.png', attributionHtml: '© &lt;b&gt;OSM&lt;/b&gt; &amp; co', maxZoom: 19, gcj02: false },
      searchUrl: 'https://geo.example.com/search?q={keyword}&limit={count}&viewbox={bounds}',
    });
    expect(mapCspSources(values)).toEqual({ img: ['https://tiles.example.com'], connect: ['https://geo.example.com'] });
  });

  it('marks GCJ-02 tiles (spec 02 §9) only when the datum says gcj02', () => {
    const url = { [MAP_CONFIG_KEYS.tileUrl]: 'https://t.example.com/{z}/{x}/{y}.png' };
    expect(mapConfigFrom({ ...url, [MAP_CONFIG_KEYS.datum]: ' GCJ02 ' }).tiles?.gcj02).toBe(true);
    expect(mapConfigFrom({ ...url, [MAP_CONFIG_KEYS.datum]: 'wgs84' }).tiles?.gcj02).toBe(false);
    expect(mapConfigFrom(url).tiles?.gcj02).toBe(false);
  });

  it('falls back to zoom 18 and drops an unusable search template', () => {
    const config = mapConfigFrom({ [MAP_CONFIG_KEYS.tileUrl]: 'https://t.example.com/{z}/{x}/{y}.png', [MAP_CONFIG_KEYS.maxZoom]: '40', [MAP_CONFIG_KEYS.searchUrl]: 'https://geo.example.com/search' });
    expect(config.tiles?.maxZoom).toBe(18);
    expect(config.searchUrl).toBeNull();
    expect(searchSource('https://geo.example.com/search?q={keyword}')).toBe('https://geo.example.com');
  });
});

describe('searchRequestUrl', () => {
  it('fills keyword (encoded), count 10 and China bounds', () => {
    expect(searchRequestUrl('https://geo.example.com/search?q={keyword}&limit={count}&viewbox={bounds}&bounded=1', '天安门 广场&x')).toBe(
      'https://geo.example.com/search?q=%E5%A4%A9%E5%AE%89%E9%97%A8%20%E5%B9%BF%E5%9C%BA%26x&limit=10&viewbox=73.4,3.8,135.1,53.6&bounded=1',
    );
  });
});
