/** Paging constants and rules of spec 01 §9 / §5. Pure. */

/** The page-size choices. */
export const PAGE_SIZES = [20, 40, 60, 80, 100, 200, 500, 1000] as const;
/** Default page size without a saved one. */
export const DEFAULT_PAGE_SIZE = 20;
/** Scroll back to the top after paging, over this long. */
export const SCROLL_TOP_MS = 800;

/** A custom page size: whole numbers 1–1000; zero falls back to 10; anything else is refused (null). */
export function customPageSize(input: unknown): number | null {
  const n = typeof input === 'number' ? input : Number(String(input ?? '').trim());
  if (!Number.isInteger(n)) return null;
  if (n === 0) return 10;
  return n >= 1 && n <= 1000 ? n : null;
}
