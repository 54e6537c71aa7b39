import { describe, expect, it } from 'vitest';
import type { ColumnModel } from '../../../../schema-adapters';
import { totalsSummaryParts } from './TotalsSummary';

const col = (key: string, header: string, extra: Partial<ColumnModel> = {}) => ({ key, header, kind: 'field', width: 120, cell: 'number', sortable: true, search: null, visible: true, ...extra }) as unknown as ColumnModel;

describe('totals summary line (issue 27 item 12)', () => {
  it('names each shown total column with its 合计 / 平均, in column order; nothing for columns without totals', () => {
    const columns = [col('name', '合同名称', { cell: 'text' } as never), col('amount', '合同金额', { total: 'sum', thousandSeparator: true }), col('paid', '已付金额', { total: 'both', precision: 1 }), col('hidden', '隐藏', { total: 'sum', visible: false })];
    const totals = new Map([['amount', { field: 'amount', sum: 28345678.9, avg: 0 }], ['paid', { field: 'paid', sum: 10, avg: 5 }]]) as never;
    expect(totalsSummaryParts(columns, totals)).toEqual(['合同金额 合计: 28,345,678.90', '已付金额 合计: 10.0 平均: 5.0']);
    expect(totalsSummaryParts([columns[0]], totals)).toEqual([]);
  });
});
