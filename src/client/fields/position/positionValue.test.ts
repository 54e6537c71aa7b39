import { describe, expect, it } from 'vitest';
import { boxAround, boxCentre, formatBoxes, formatCoordinate, formatPoint, moveBox, normaliseBox, parseBoxes, parsePoint, placesFrom } from './positionValue';

describe('points', () => {
  it('reads lon,lat and refuses other text or places off the earth', () => {
    expect(parsePoint('116.39,39.9')).toEqual([116.39, 39.9]);
    expect(parsePoint(' -73.5,-40 ')).toEqual([-73.5, -40]);
    for (const bad of [null, '', '116.39', '116.39, 39.9', 'a,b', '116.39,39.9;116.4,39.91', '181,10', '10,91']) expect(parsePoint(bad), String(bad)).toBeNull();
  });

  it('writes at most 6 decimals without trailing zeros', () => {
    expect(formatPoint([116.39, 39.9])).toBe('116.39,39.9');
    expect(formatPoint([116.123456789, -0.0000001])).toBe('116.123457,0');
    expect(formatCoordinate(100)).toBe('100');
    expect(formatCoordinate(0.000001)).toBe('0.000001');
  });
});

describe('boxes', () => {
  it('reads one or several boxes, minus signs included, with sw and ne put in order', () => {
    expect(parseBoxes('116.38,39.89;116.4,39.91')).toEqual([{ sw: [116.38, 39.89], ne: [116.4, 39.91] }]);
    expect(parseBoxes('116.4,39.91;116.38,39.89-1,2;3,4')).toEqual([
      { sw: [116.38, 39.89], ne: [116.4, 39.91] },
      { sw: [1, 2], ne: [3, 4] },
    ]);
    expect(parseBoxes('-74.01,-40.7;-73.99,-40.6--1,-2;1,2')).toEqual([
      { sw: [-74.01, -40.7], ne: [-73.99, -40.6] },
      { sw: [-1, -2], ne: [1, 2] },
    ]);
  });

  it('refuses points, broken lists and boxes off the earth', () => {
    for (const bad of [null, '', '116.39,39.9', '1,2;3,4-', '1,2;3', '1,2;3,4-5,6', '1,2;3,4;5,6', '1,2;300,4']) expect(parseBoxes(bad), String(bad)).toBeNull();
  });

  it('writes boxes joined by - and no boxes as null', () => {
    const boxes = [normaliseBox([116.4, 39.91], [116.38, 39.89]), { sw: [-1, -2], ne: [1, 2] } as const];
    const text = formatBoxes(boxes.map((b) => ({ sw: [...b.sw], ne: [...b.ne] })));
    expect(text).toBe('116.38,39.89;116.4,39.91--1,-2;1,2');
    expect(parseBoxes(text)).toHaveLength(2);
    expect(formatBoxes([])).toBeNull();
  });

  it('makes a new box of half-size 0.002° around a point and moves boxes by their centre', () => {
    const box = boxAround([116.39, 39.9]);
    expect(formatBoxes([box])).toBe('116.388,39.898;116.392,39.902');
    expect(boxCentre(box).map((n) => +n.toFixed(6))).toEqual([116.39, 39.9]);
    const moved = moveBox(box, [116.4, 39.95]);
    expect(formatBoxes([moved])).toBe('116.398,39.948;116.402,39.952');
    expect(boxAround([0, 89.999]).ne[1]).toBe(90);
  });
});

describe('placesFrom', () => {
  it('reads Nominatim arrays, GeoJSON features and envelopes, at most 10', () => {
    expect(placesFrom([{ display_name: '天安门, 北京', lon: '116.3975', lat: '39.9087' }])).toEqual([{ name: '天安门, 北京', lon: 116.3975, lat: 39.9087 }]);
    expect(placesFrom({ type: 'FeatureCollection', features: [{ geometry: { coordinates: [116.3, 39.9] }, properties: { name: '故宫', city: '北京' } }] })).toEqual([{ name: '故宫，北京', lon: 116.3, lat: 39.9 }]);
    expect(placesFrom({ data: [{ name: 'A', location: '116.1,39.1' }, { name: 'B', lng: 116.2, lat: 39.2 }] })).toEqual([
      { name: 'A', lon: 116.1, lat: 39.1 },
      { name: 'B', lon: 116.2, lat: 39.2 },
    ]);
    const many = Array.from({ length: 15 }, (_, i) => ({ name: `p${i}`, lon: 116, lat: 39 }));
    expect(placesFrom(many)).toHaveLength(10);
  });

  it('drops entries without a name or coordinates and answers that are no list', () => {
    expect(placesFrom([{ name: 'x' }, { lon: 1, lat: 2 }, null, { name: 'y', lon: 'a', lat: 1 }])).toEqual([]);
    expect(placesFrom({ error: 'nope' })).toEqual([]);
    expect(placesFrom('text')).toEqual([]);
  });
});
