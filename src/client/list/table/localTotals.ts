/** Footer totals computed in the browser over the selected rows (spec 01 §2.2). Pure. */
import type { ColumnModel } from '../../../../schema-adapters';
import type { CalcdValue } from '../../api/records';

function round(n: number, precision: number): number {
  const f = 10 ** precision;
  return Math.round(n * f) / f;
}

/** Sum and average of each total column over `rows`, rounded to the column's precision (2 by default). */
export function localTotals(columns: ColumnModel[], rows: Record<string, unknown>[]): CalcdValue[] {
  return columns
    .filter((c) => c.total)
    .map((c) => {
      const values = rows.map((r) => r[c.key]).filter((v) => v !== null && v !== undefined && v !== '' && Number.isFinite(Number(v))).map(Number);
      const sum = values.reduce((a, b) => a + b, 0);
      const precision = c.precision ?? 2;
      const out: CalcdValue = { field: c.key };
      if (c.total === 'sum' || c.total === 'both') out.sum = round(sum, precision);
      if (c.total === 'average' || c.total === 'both') out.avg = values.length ? round(sum / values.length, precision) : 0;
      return out;
    });
}
