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

/** Number of pages of `total` rows at `pageSize` (0 rows: 0 pages). */
export function pageCount(total: number, pageSize: number): number {
  return Math.floor((total - 1) / pageSize) + 1;
}

/** One item between 上一页 and 下一页: a page number, or a jump of five pages (•••). */
export type PagerItem =
  | { kind: 'page'; page: number; active: boolean; afterJumpPrev?: boolean; beforeJumpNext?: boolean }
  | { kind: 'jump-prev' | 'jump-next'; page: number };

/** Pages shown on each side of the current one. */
const PAGE_BUFFER = 2;
/** Pages a ••• item jumps. */
const JUMP = 5;

/**
 * The items of the pager for page `current` of `pages`, laid out as antd's pager (rc-pagination)
 * lays them out, which users know from every other list: up to 7 pages all shown; otherwise the
 * first, the last, the current with two on each side, and ••• (five pages back / on) between.
 * No page (an empty list) shows one disabled 1, as antd's does.
 */
export function pagerItems(current: number, pages: number): PagerItem[] {
  if (pages <= 3 + PAGE_BUFFER * 2) {
    if (!pages) return [{ kind: 'page', page: 1, active: false }];
    return Array.from({ length: pages }, (_, i) => ({ kind: 'page' as const, page: i + 1, active: current === i + 1 }));
  }
  let left = Math.max(1, current - PAGE_BUFFER);
  let right = Math.min(current + PAGE_BUFFER, pages);
  if (current - 1 <= PAGE_BUFFER) right = 1 + PAGE_BUFFER * 2;
  if (pages - current <= PAGE_BUFFER) left = pages - PAGE_BUFFER * 2;
  const items: PagerItem[] = [];
  for (let p = left; p <= right; p++) items.push({ kind: 'page', page: p, active: current === p });
  if (current - 1 >= PAGE_BUFFER * 2 && current !== 1 + 2) {
    items[0] = { ...(items[0] as Extract<PagerItem, { kind: 'page' }>), afterJumpPrev: true };
    items.unshift({ kind: 'jump-prev', page: Math.max(1, current - JUMP) });
  }
  if (pages - current >= PAGE_BUFFER * 2 && current !== pages - 2) {
    items[items.length - 1] = { ...(items[items.length - 1] as Extract<PagerItem, { kind: 'page' }>), beforeJumpNext: true };
    items.push({ kind: 'jump-next', page: Math.min(pages, current + JUMP) });
  }
  if (left !== 1) items.unshift({ kind: 'page', page: 1, active: false });
  if (right !== pages) items.push({ kind: 'page', page: pages, active: false });
  return items;
}

/**
 * The page to go to for a page number typed into 跳至 (as antd's jumper): a whole number, moved
 * into 1…pages; nothing to do (null) for empty text, text that is no whole number, or the page
 * already shown.
 */
export function jumpPage(text: string, current: number, pages: number): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  if (!Number.isInteger(n) || n === current) return null;
  const page = Math.min(Math.max(n, 1), Math.max(pages, 1));
  return page === current ? null : page;
}
