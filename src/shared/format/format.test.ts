import { describe, expect, it } from 'vitest';
import { gcj02ToWgs84, wgs84ToGcj02 } from './gcj02';
import { formatLargeNumber } from './largeNumber';
import { formatPercent, percentOf } from './percent';
import { relativeTime } from './relativeTime';
import { rmbCapital } from './rmbCapital';

describe('spec 02 §9 helpers (issue 27 item 11)', () => {
  it('relative time: 刚刚, n分钟前, n小时前, 1天前, then the date', () => {
    const now = new Date(2026, 0, 7, 12, 0, 0).getTime();
    const ago = (s: number) => relativeTime(now - s * 1000, now);
    expect(ago(0)).toBe('刚刚');
    expect(ago(29)).toBe('刚刚');
    expect(ago(30)).toBe('1分钟前');
    expect(ago(5 * 60 + 10)).toBe('5分钟前');
    expect(ago(59 * 60 + 59)).toBe('59分钟前');
    expect(ago(3600)).toBe('1小时前');
    expect(ago(23 * 3600 + 3599)).toBe('23小时前');
    expect(ago(24 * 3600)).toBe('1天前');
    expect(ago(47 * 3600)).toBe('1天前');
    expect(ago(48 * 3600)).toBe('2026-01-05 12:00');
    expect(relativeTime('2026-01-07 11:58:00', now)).toBe('2分钟前');
    expect(relativeTime('2026-01-08 09:00:00', now)).toBe('2026-01-08 09:00');
    expect(relativeTime(null, now)).toBe('');
    expect(relativeTime('不是时间', now)).toBe('不是时间');
  });

  it('percent: rounded, capped at 150, 0 for no whole', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(1, 3, 2)).toBe(33.33);
    expect(percentOf(5, 2)).toBe(150);
    expect(percentOf(-1, 2)).toBe(0);
    expect(percentOf(3, 0)).toBe(0);
    expect(percentOf(null, 10)).toBe(0);
    expect(formatPercent(45, 60)).toBe('75%');
  });

  it('large numbers in 万 / 亿 / 万亿 with 2 decimals', () => {
    expect(formatLargeNumber(9999)).toBe('9999');
    expect(formatLargeNumber(12345.6)).toBe('1.23万');
    expect(formatLargeNumber(12_345_678)).toBe('1234.57万');
    expect(formatLargeNumber(99_999_999.999)).toBe('1.00亿');
    expect(formatLargeNumber(250_000_000)).toBe('2.50亿');
    expect(formatLargeNumber(3.2e12)).toBe('3.20万亿');
    expect(formatLargeNumber(-45_000, 1)).toBe('-4.5万');
    expect(formatLargeNumber('')).toBe('');
    expect(formatLargeNumber('abc')).toBe('');
  });

  it('RMB capital amounts against known cheque spellings', () => {
    const cases: [number | string, string][] = [
      [0, '零元整'],
      [1, '壹元整'],
      [10, '壹拾元整'],
      [0.05, '伍分'],
      [0.5, '伍角'],
      [1.5, '壹元伍角'],
      [10.05, '壹拾元零伍分'],
      [100.07, '壹佰元零柒分'],
      [1004, '壹仟零肆元整'],
      [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
      [100000, '壹拾万元整'],
      [100010, '壹拾万零壹拾元整'],
      [10010000, '壹仟零壹万元整'],
      [1010101.01, '壹佰零壹万零壹佰零壹元零壹分'],
      [1000000001, '壹拾亿零壹元整'],
      [200000000, '贰亿元整'],
      ['1000000000000', '壹万亿元整'],
      ['1000000000001', '壹万亿零壹元整'],
      ['123456789012345', '壹佰贰拾叁万肆仟伍佰陆拾柒亿捌仟玖佰零壹万贰仟叁佰肆拾伍元整'],
      ['1,234.565', '壹仟贰佰叁拾肆元伍角柒分'],
      [-36.9, '负叁拾陆元玖角'],
      ['-0', '零元整'],
    ];
    for (const [amount, text] of cases) expect(rmbCapital(amount), String(amount)).toBe(text);
  });

  it('RMB capital is empty above 15 digits and for what is not an amount', () => {
    expect(rmbCapital('999999999999999.99')).not.toBe('');
    expect(rmbCapital('1000000000000000')).toBe('');
    expect(rmbCapital(null)).toBe('');
    expect(rmbCapital('')).toBe('');
    expect(rmbCapital('12元')).toBe('');
    expect(rmbCapital(Number.NaN)).toBe('');
  });

  it('WGS84 ↔ GCJ-02 inside China, untouched outside', () => {
    // The published reference pair (Tiananmen).
    const [lon, lat] = wgs84ToGcj02([116.404, 39.915]);
    expect(lon).toBeCloseTo(116.41024449916938, 9);
    expect(lat).toBeCloseTo(39.91640428150164, 9);
    const [wLon, wLat] = gcj02ToWgs84([lon, lat]);
    expect(wLon).toBeCloseTo(116.404, 9);
    expect(wLat).toBeCloseTo(39.915, 9);
    expect(wgs84ToGcj02([2.35, 48.85])).toEqual([2.35, 48.85]);
    expect(gcj02ToWgs84([-74, 40.7])).toEqual([-74, 40.7]);
  });
});
