import { describe, expect, it } from 'vitest';
import { invalidDateMessage, recognizedDate, recognizedNumber } from './recognizedValues';

describe('recognised invoice dates (spec 01 §5)', () => {
  it('turns Chinese year, month and day characters into dashes', () => {
    expect(recognizedDate('2026年03月05日')).toEqual({ value: '2026-03-05' });
    expect(recognizedDate('2026年3月5日')).toEqual({ value: '2026-03-05' });
    expect(recognizedDate('2026-11-21')).toEqual({ value: '2026-11-21' });
    expect(recognizedDate('2026年11月21日 08:30')).toEqual({ value: '2026-11-21 08:30:00' });
  });
  it('an invalid result is cleared with the warning naming the recognised text', () => {
    expect(recognizedDate('2026年02月30日')).toEqual({ value: null, warning: '日期：2026年02月30日 非有效日期，请手动选择' });
    expect(recognizedDate('开票日期不清')).toEqual({ value: null, warning: invalidDateMessage('开票日期不清') });
    expect(recognizedDate('')).toEqual({ value: null });
  });
});

describe('recognised numbers (spec 01 §5)', () => {
  it('strips currency symbols and Chinese characters', () => {
    expect(recognizedNumber('¥1,234.50')).toBe(1234.5);
    expect(recognizedNumber('￥88.00元')).toBe(88);
    expect(recognizedNumber('$ 12')).toBe(12);
    expect(recognizedNumber('-3.5')).toBe(-3.5);
    expect(recognizedNumber(7)).toBe(7);
  });
  it('anything non-numeric becomes 0', () => {
    expect(recognizedNumber('壹佰元整')).toBe(0);
    expect(recognizedNumber('12a')).toBe(0);
    expect(recognizedNumber(null)).toBe(0);
    expect(recognizedNumber('')).toBe(0);
  });
});
