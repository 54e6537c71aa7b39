/**
 * Year-on-year (同比) and month-on-month (环比) arithmetic (pure): the change of a value against
 * the one it is compared with, in percent to 2 decimals; null where the earlier value is 0 or
 * missing (a rate against nothing is not a number a user can read).
 */

/** (current − previous) / previous × 100, or null. */
export function changeRate(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 10_000) / 100;
}

/** The same month one year earlier, `YYYY-MM`. */
export function sameMonthLastYear(month: string): string {
  return `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
}

/** The month before, `YYYY-MM`. */
export function previousMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
