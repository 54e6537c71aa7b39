/** Paging constants and rules of spec 01 §9 / §5. Pure. */

/** The page-size choices. */
export const PAGE_SIZES = [20, 40, 60, 80, 100, 200, 500, 1000] as const;
/** Default page size without a saved one. */
export const DEFAULT_PAGE_SIZE = 20;
/** Scroll back to the top after paging, over this long. */
export const SCROLL_TOP_MS = 800;

/** Bounds of the custom page size (spec 01 §5, §9). */
export const CUSTOM_SIZE_MIN = 1;
export const CUSTOM_SIZE_MAX = 1000;

/** A custom page size to apply, and whether the typed number was outside 1–1000 and moved into it. */
export interface CustomPageSize {
  size: number;
  clamped: boolean;
}

/**
 * The custom page size of a typed value: zero (or nothing) falls back to 10 (spec 01 §5); a whole
 * number outside 1–1000 is clamped into it (typing 5000 gives 1000, and the user is told);
 * decimals round; text that is no number gives null.
 */
export function customPageSize(input: unknown): CustomPageSize | null {
  const n = typeof input === 'number' ? input : Number(String(input ?? '').replace(/,/g, '').trim());
  if (!Number.isFinite(n)) return null;
  const whole = Math.round(n);
  if (whole === 0) return { size: 10, clamped: false };
  const size = Math.min(CUSTOM_SIZE_MAX, Math.max(CUSTOM_SIZE_MIN, whole));
  return { size, clamped: size !== whole };
}

/** The message shown when a typed page size was clamped. */
export function clampedSizeMessage(size: number): string {
  return `每页条数须在${CUSTOM_SIZE_MIN}到${CUSTOM_SIZE_MAX}之间，已按${size}条显示`;
}
