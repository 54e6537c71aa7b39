/**
 * Makes a demo form's sample record coherent: the generic values of sampleValues.ts are
 * replaced, form by form, with values that agree with each other and with their labels (tax =
 * amount × rate, paid ≤ contract amount, quantity × price ≈ budget, dates in order) and with the
 * records seeded before (an invoice belongs to a contract's paid instalment).
 */
import { contractViewCount, shapeContract, shapeContractView } from './shapeContracts.js';
import { DEMO_INVOICE_COUNT, shapeInvoice } from './shapeInvoices.js';
import { shapeProjectNode, shapePurchase } from './shapeProjects.js';
import { shapeBoughtStockIn, shapeGoods, shapeStockIn } from './shapeStock.js';
import type { SeededRecord, ShapeContext, Shaper } from './shapeContext.js';

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

/** Forms whose sample count follows the records seeded before (a summary row per source record). */
const COUNTS: Record<string, (seeded: Map<string, SeededRecord[]>) => number> = {
  contract_payment_view: contractViewCount,
  // One invoice of each spec 02 §9 type code.
  auto_fptz: () => DEMO_INVOICE_COUNT,
};

/** How many sample records `form` gets: `fallback` unless its rows summarise other records. */
export function demoSampleCount(form: string, seeded: Map<string, SeededRecord[]>, fallback: number): number {
  return COUNTS[form]?.(seeded) ?? fallback;
}

/** Shapes one sample record of `form` in place. */
export async function shapeDemoRecord(form: string, record: Record<string, unknown>, ctx: ShapeContext): Promise<void> {
  await SHAPERS[form]?.(record, ctx);
}
