import { describe, expect, it } from 'vitest';
import { fieldColumn } from '../../../../schema-adapters/columns/fieldColumn';
import type { ColumnModel } from '../../../../schema-adapters/columns/columnModel';
import { fitNumberColumns, textWidth } from './fitNumberColumns';
import { formatNumber } from './numberFormat';

const amount = (inputs: Parameters<typeof fieldColumn>[1] = {}) =>
  fieldColumn({ enName: 'amount', label: '合同金额', funcType: 'number', precision: 2, suffix: '元' }, { thousandSeparator: true, ...inputs }) as ColumnModel;

describe('view amounts are not truncated (issue 27 item 12)', () => {
  it('a default-width amount column grows to its widest value, whole with precision and unit', () => {
    const rows = [{ amount: 28_345_678.9 }, { amount: 12 }];
    const [col] = fitNumberColumns([amount()], rows);
    const text = formatNumber(28_345_678.9, 2, true, '元');
    expect(text).toBe('28,345,678.90元');
    // The text plus the cell's 8 px padding a side fits inside the column.
    expect(col.width).toBeGreaterThanOrEqual(textWidth(text) + 16);
    expect(col.width).toBeGreaterThan(120);
  });

  it('keeps small values at the default, and configured or per-user widths as set', () => {
    expect(fitNumberColumns([amount()], [{ amount: 12 }])[0].width).toBe(120);
    expect(fitNumberColumns([amount({ userWidth: 90 })], [{ amount: 28_345_678.9 }])[0].width).toBe(90);
    expect(fitNumberColumns([amount({ element: { enName: 'amount', width: 5 } as never })], [{ amount: 28_345_678.9 }])[0].width).toBe(100);
  });

  it('grows at most to 300 px', () => {
    expect(fitNumberColumns([amount()], [{ amount: 1e30 }])[0].width).toBe(300);
  });
});
