/** The percent helper of spec 02 §9: part of a whole in percent, capped at 150 (a bar never overflows its box by more). */

/** Upper bound of `percentOf`. */
export const PERCENT_CAP = 150;

/**
 * `part` / `whole` × 100, rounded to `digits`, between 0 and 150. A missing or zero whole is 0
 * (nothing planned: nothing done), never Infinity or NaN.
 */
export function percentOf(part: number | null | undefined, whole: number | null | undefined, digits = 0): number {
  const p = Number(part);
  const w = Number(whole);
  if (!Number.isFinite(p) || !Number.isFinite(w) || w === 0) return 0;
  const value = Math.min(PERCENT_CAP, Math.max(0, (p / w) * 100));
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** `percentOf` as text, e.g. `42%`. */
export function formatPercent(part: number | null | undefined, whole: number | null | undefined, digits = 0): string {
  return `${percentOf(part, whole, digits)}%`;
}
