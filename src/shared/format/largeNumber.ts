/**
 * Large numbers in 万 / 亿 / 万亿 (spec 02 §9: units of 10 thousand, 100 million and a trillion,
 * 2 decimals by default), for figures that would otherwise be too wide to read at a glance.
 */

const UNITS: { size: number; unit: string }[] = [
  { size: 1e12, unit: '万亿' },
  { size: 1e8, unit: '亿' },
  { size: 1e4, unit: '万' },
];

/** The value and unit of `n`: below 10,000 the number itself with no unit. */
export function largeNumberParts(n: number, digits = 2): { value: string; unit: string } {
  if (!Number.isFinite(n)) return { value: '', unit: '' };
  const abs = Math.abs(n);
  for (let i = 0; i < UNITS.length; i++) {
    const { size, unit } = UNITS[i];
    if (abs < size) continue;
    // 99,999,999.999 rounds to 10000.00万: that is 1.00亿.
    const bigger = UNITS[i - 1];
    if (bigger && Number((abs / size).toFixed(digits)) >= 10000) return { value: (n / bigger.size).toFixed(digits), unit: bigger.unit };
    return { value: (n / size).toFixed(digits), unit };
  }
  return { value: Number.isInteger(n) ? String(n) : n.toFixed(digits), unit: '' };
}

/** `n` as text with its unit, e.g. 12,345,678 → `1234.57万`. Empty for a missing value. */
export function formatLargeNumber(n: number | string | null | undefined, digits = 2): string {
  if (n === null || n === undefined || n === '') return '';
  const num = Number(n);
  if (!Number.isFinite(num)) return '';
  const { value, unit } = largeNumberParts(num, digits);
  return `${value}${unit}`;
}
