/**
 * The rules of the stock-in drawer 白条入库 (spec 01 §3.7, §4, §9). Pure: weights, the split
 * operation and the values kept between entries. Which forms use the drawer is their definition's
 * `feature.addMode: 'stockInDrawer'` (the adapter's `formOptions`).
 */

/** Spec 01 §9: the split operation type. */
export const SPLIT_OPERATION = 4532;
/** Spec 01 §9: the parent of the jb (级别) options. */
export const JB_PARENT = 4533;
/** Values kept after a save (spec 01 §4). */
export const KEPT_FIELDS = ['czfs', 'ksbl', 'ck', 'pz'] as const;

/** Rounds to 2 decimals (half away from zero, as the weights are shown). */
export function round2(n: number): number {
  return Math.round((n + Number.EPSILON * Math.sign(n)) * 100) / 100;
}

/** zl = ksbl × zl_before to 2 decimals; a missing factor gives 0 (spec 01 §5 computed numbers). */
export function computeZl(ksbl: unknown, zlBefore: unknown): number {
  const a = Number(ksbl);
  const b = Number(zlBefore);
  if (ksbl === null || ksbl === undefined || zlBefore === null || zlBefore === undefined || !Number.isFinite(a) || !Number.isFinite(b)) return 0;
  return round2(a * b);
}

/** Whether the operation type is the split. */
export function isSplit(czfs: unknown): boolean {
  return Number(czfs) === SPLIT_OPERATION;
}

/** The next day number after `rbm` ('0007' → '0008', widths kept; non-numbers become 1). */
export function nextDayNumber(rbm: unknown): string {
  const text = rbm == null ? '' : String(rbm);
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isFinite(n)) return '1';
  return String(n + 1).padStart(text.length, '0');
}

/** The records a save adds: one, or for the split two with halved weights, the second with the next day number. */
export function stockInRecords(payload: Record<string, unknown>): Record<string, unknown>[] {
  if (!isSplit(payload.czfs)) return [payload];
  const half = (v: unknown) => (v === undefined || v === null ? v : round2(Number(v) / 2));
  const first = { ...payload, zl_before: half(payload.zl_before), zl: half(payload.zl) };
  const second = { ...first, rbm: nextDayNumber(payload.rbm) };
  return [first, second];
}

/** The kept values after a save (czfs, ksbl, ck, pz). */
export function keptValues(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(KEPT_FIELDS.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]));
}
