/** The ECharts options of dashboard panels and the click-through address of a group. */
import { describe, expect, it } from 'vitest';
import { chartOption, formatValue, isChart } from './chartOption';
import { newPanel, withKind, groupFields, measureFields } from './panelDraft';
import type { PanelData } from '../../../shared/contract/dashboards';
import type { FormDefinition } from '../../../../schema-adapters/definition/types';

/** The parts of an option these tests read. */
type Option = { xAxis: { data: string[] }; series: Record<string, unknown>[]; tooltip: { formatter: string } };
const optionOf = (...args: Parameters<typeof chartOption>) => chartOption(...args) as unknown as Option;

const data: PanelData = {
  id: 'p', form: 'contract_ledger', status: 200, measureLabel: '合同金额合计',
  points: [
    { key: 'construction', label: '施工合同', value: 1200.5, listFilter: { contract_type: 'construction' } },
    { key: null, label: '（空）', value: 3, listFilter: null },
  ],
};

describe('chartOption', () => {
  it('draws bars and lines over the groups’ Chinese texts', () => {
    const bar = optionOf('bar', data, '合同金额合计');
    expect(bar.xAxis.data).toEqual(['施工合同', '（空）']);
    expect(bar.series[0]).toMatchObject({ type: 'bar', name: '合同金额合计', data: [1200.5, 3] });
    expect(optionOf('line', data, 'x').series[0]).toMatchObject({ type: 'line', data: [1200.5, 3] });
  });

  it('draws a pie of named slices with their share', () => {
    const pie = optionOf('pie', data, '数量');
    expect(pie.series[0].data).toEqual([{ name: '施工合同', value: 1200.5 }, { name: '（空）', value: 3 }]);
    expect(pie.tooltip.formatter).toContain('{d}%');
  });

  it('knows charts from numbers and tables, and formats values in Chinese style', () => {
    expect(['kpi', 'bar', 'line', 'pie', 'table'].map((k) => isChart(k as never))).toEqual([false, true, true, true, false]);
    expect(formatValue(1234567.891)).toBe('1,234,567.89');
  });
});

describe('panel drafts', () => {
  const def = { enName: 'f', cnName: 'F', fields: [
    { enName: 'kind', label: '类别', funcType: 'select' }, { enName: 'day', label: '日期', funcType: 'dateStamp' },
    { enName: 'amount', label: '金额', funcType: 'number' }, { enName: 'files', label: '附件', funcType: 'upload' },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'qty', label: '数量', funcType: 'number' }] },
  ] } as FormDefinition;

  it('offers groupable and number fields of the main table only', () => {
    expect(groupFields(def)).toEqual([{ value: 'kind', label: '类别', date: false }, { value: 'day', label: '日期', date: true }, { value: 'amount', label: '金额', date: false }]);
    expect(measureFields(def)).toEqual([{ value: 'amount', label: '金额' }]);
  });

  it('numbers new panels uniquely and gives a chart a grouping', () => {
    const p1 = newPanel('f', []);
    expect(p1).toMatchObject({ id: 'p1', kind: 'kpi', measure: { op: 'count' } });
    expect(newPanel('f', [p1, { ...p1, id: 'p2' }]).id).toBe('p3');
    expect(withKind(p1, 'bar', def).groupBy).toEqual({ field: 'kind' });
    expect(withKind({ ...p1, kind: 'bar', groupBy: { field: 'kind' } }, 'kpi', def).groupBy).toBeUndefined();
  });
});
