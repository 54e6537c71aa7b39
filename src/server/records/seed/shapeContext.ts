/**
 * What the demo shapers (shape*.ts) share: the context each shaper gets and small random picks.
 * Apart from demoShapes.ts, which imports every shaper, so no shaper imports it back.
 */
import type { SampleFileWriter } from './sampleFiles.js';
import type { SamplePools } from './sampleValues.js';

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
  /** The tenant's company name (the buyer on its invoices). */
  company?: string;
}

/** Replaces generic values of `record` with coherent ones; forms without a shaper keep theirs. */
export type Shaper = (record: Record<string, unknown>, ctx: ShapeContext) => Promise<void> | void;

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
