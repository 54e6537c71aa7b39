import { describe, expect, it } from 'vitest';
import { toColumns, type FormDefinition } from '../../../../schema-adapters';
import { localTotals } from './localTotals';
import { formatNumber } from './numberFormat';
import { customPageSize, PAGE_SIZES } from './paging';
import { nextSort, sortQuery, withoutSort } from './sortState';

describe('sorting (spec 01 §2.2)', () => {
  it('sorts descending on the first click, then toggles, and replaces other keys without multi', () => {
    let s = nextSort([], 'amount');
    expect(s).toEqual([{ field: 'amount', order: 'desc' }]);
    s = nextSort(s, 'amount');
    expect(s).toEqual([{ field: 'amount', order: 'asc' }]);
    s = nextSort(s, 'amount');
    expect(s).toEqual([{ field: 'amount', order: 'desc' }]);
    expect(nextSort(s, 'title')).toEqual([{ field: 'title', order: 'desc' }]);
  });

  it('keeps several keys with multi, and sends them as multiFieldOrder', () => {
    const s = nextSort(nextSort([], 'amount'), 'title', true);
    expect(s).toEqual([{ field: 'amount', order: 'desc' }, { field: 'title', order: 'desc' }]);
    expect(sortQuery(s)).toEqual({ multiFieldOrder: s });
    expect(sortQuery(withoutSort(s, 'amount'))).toEqual({ sysOrderBy: { field: 'title', order: 'desc' } });
    expect(sortQuery([])).toEqual({});
  });
});

describe('paging (spec 01 §5, §9)', () => {
  it('offers 20 … 1000 and takes a custom size of 1–1000, zero meaning 10', () => {
    expect(PAGE_SIZES).toEqual([20, 40, 60, 80, 100, 200, 500, 1000]);
    expect(customPageSize('7')).toEqual({ size: 7, clamped: false });
    expect(customPageSize(1000)).toEqual({ size: 1000, clamped: false });
    expect(customPageSize(0)).toEqual({ size: 10, clamped: false });
    expect(customPageSize('')).toEqual({ size: 10, clamped: false });
    // Out of range is clamped, not ignored (issue 12 item 10).
    expect(customPageSize(1001)).toEqual({ size: 1000, clamped: true });
    expect(customPageSize('5000')).toEqual({ size: 1000, clamped: true });
    expect(customPageSize(-1)).toEqual({ size: 1, clamped: true });
    expect(customPageSize('2.4')).toEqual({ size: 2, clamped: false });
    expect(customPageSize('abc')).toBeNull();
  });
});

describe('numbers (spec 01 §2.2)', () => {
  it('formats in zh-CN with the precision, the separator only when the setting is on, and the suffix', () => {
    expect(formatNumber(1234567.891, 2, true)).toBe('1,234,567.89');
    expect(formatNumber(1234567.891, 2, false)).toBe('1234567.89');
    expect(formatNumber('12', 3, false, '元')).toBe('12.000元');
    expect(formatNumber(null, 2, true)).toBe('');
    expect(formatNumber('abc', 2, true)).toBe('abc');
  });
});

describe('totals over a selection (spec 01 §2.2)', () => {
  it('sums and averages the selected rows per columnEvalList, skipping empty values', () => {
    const def: FormDefinition = {
      enName: 'demo',
      cnName: '演示',
      fields: [
        { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
        { enName: 'qty', label: '数量', funcType: 'number', precision: 0 },
      ],
      feature: { columnEvalList: [{ enName: 'amount', type: 'both' }, { enName: 'qty', type: 'average' }] },
    };
    const rows = [{ amount: 10.005, qty: 1 }, { amount: '20', qty: null }, { amount: null, qty: 4 }];
    expect(localTotals(toColumns(def), rows)).toEqual([
      { field: 'amount', sum: 30.01, avg: 15 },
      { field: 'qty', avg: 3 },
    ]);
  });
});
