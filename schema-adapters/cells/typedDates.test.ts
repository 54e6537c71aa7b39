import { describe, expect, it } from 'vitest';
import { dateForFormat, normaliseDate } from './typedDates';

describe('typed date spellings (issue 27 item 4)', () => {
  it('reads the spellings people type as the stored date', () => {
    for (const t of ['2026/1/7', '2026-1-7', '2026.1.7', '2026年1月7日', '2026年01月07日', '20260107', ' 2026 / 01 / 07 ', '2026-01-07']) expect(normaliseDate(t), t).toBe('2026-01-07');
  });
  it('keeps a time of day and completes it to the format', () => {
    expect(normaliseDate('2026/1/7 9:05')).toBe('2026-01-07 09:05');
    expect(normaliseDate('2026年1月7日 9时5分')).toBe('2026-01-07 09:05');
    expect(dateForFormat(normaliseDate('2026/1/7 9:05'), 'yyyy-MM-dd HH:mm:ss')).toBe('2026-01-07 09:05:00');
    expect(dateForFormat(normaliseDate('2026/1/7'), 'yyyy-MM-dd HH:mm:ss')).toBe('2026-01-07 00:00:00');
    expect(dateForFormat('2026-01-07 00:00:00', 'yyyy-MM-dd')).toBe('2026-01-07');
    expect(normaliseDate('2026年3月')).toBe('2026-03');
  });
  it('leaves what is no date unchanged, so the format check refuses it', () => {
    for (const t of ['2026/2/30', '2026/13/1', '明天', '2026/1/7 25:00', '202601']) expect(normaliseDate(t), t).toBe(t.trim());
    expect(dateForFormat('2026-01-07 09:05', 'yyyy-MM-dd')).toBe('2026-01-07 09:05');
  });
});
