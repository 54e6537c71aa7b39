/**
 * Makes a demo form's sample record coherent: the generic values of sampleValues.ts are
 * replaced, form by form, with values that agree with each other and with their labels (tax =
 * amount × rate, paid ≤ contract amount, quantity × price ≈ budget, dates in order) and with the
 * records seeded before (an invoice belongs to a contract's paid instalment).
 */
import type { SampleFileWriter } from './sampleFiles.js';
import type { SamplePools } from './sampleValues.js';
import { shapeContract, shapeContractView, shapeInvoice } from './shapeContracts.js';
import { shapeProjectNode, shapePurchase } from './shapeProjects.js';
import { shapeBoughtStockIn, shapeGoods, shapeStockIn } from './shapeStock.js';

/** A record already seeded, for the forms that refer to it. */
export interface SeededRecord {
  id: number;
  data: Record<string, unknown>;
}

/** What a shaper may use: randomness, pools, the seed day, the file writer, earlier records. */
export interface ShapeContext {
  r: () => number;
  /** Index of the sample within its form (0 … SAMPLE_RECORDS-1). */
  i: number;
  pools: SamplePools;
  /** `YYYY-MM-DD` of the seed: demo dates lie around it (payments due later are unpaid). */
  today: string;
  file: SampleFileWriter;
  /** Form enName → records seeded so far, in order. */
  seeded: Map<string, SeededRecord[]>;
}

/** Replaces generic values of `record` with coherent ones; forms without a shaper keep theirs. */
export type Shaper = (record: Record<string, unknown>, ctx: ShapeContext) => Promise<void> | void;

const SHAPERS: Record<string, Shaper> = {
  contract_ledger: shapeContract,
  contract_payment_view: shapeContractView,
  auto_fptz: shapeInvoice,
  project_wbs: shapeProjectNode,
  purchase_request: shapePurchase,
  auto_pthp: shapeGoods,
  auto_tzbk_btgl_btrk: (rec, ctx) => shapeStockIn(rec, ctx),
  auto_tzbk_btgl_wgbtrk: shapeBoughtStockIn,
};

/** Shapes one sample record of `form` in place. */
export async function shapeDemoRecord(form: string, record: Record<string, unknown>, ctx: ShapeContext): Promise<void> {
  await SHAPERS[form]?.(record, ctx);
}

/** One of `xs`. */
export function pickOf<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

/** An integer in [min, max]. */
export function intBetween(r: () => number, min: number, max: number): number {
  return min + Math.floor(r() * (max - min + 1));
}

/** A user of the tenant and that user's department (so 登记人 and 登记部门 agree). */
export function userWithDept(ctx: ShapeContext): { user?: number; dept?: number } {
  const user = ctx.pools.userIds.length ? pickOf(ctx.r, ctx.pools.userIds) : undefined;
  const dept = user === undefined ? undefined : ctx.pools.userDepts.get(user) ?? undefined;
  return { user, dept: dept ?? (ctx.pools.deptIds.length ? pickOf(ctx.r, ctx.pools.deptIds) : undefined) };
}
