/** The ECharts options of dashboard panels and the click-through address of a group. */
import { describe, expect, it } from 'vitest';
import { chartOption, formatValue, isChart } from './chartOption';
import { newPanel, withKind, groupFields, measureFields, isComplete } from './panelDraft';
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

  it('draws a funnel of the groups and a gauge of the percent of its scale', () => {
    const funnel = optionOf('funnel', data, '数量');
    expect(funnel.series[0]).toMatchObject({ type: 'funnel', sort: 'descending', data: [{ name: '施工合同', value: 1200.5 }, { name: '（空）', value: 3 }] });
    const gauge = optionOf('gauge', { id: 'g', form: 'f', status: 200, value: 750, max: 1000, percent: 75 }, '已付金额合计');
    expect(gauge.series[0]).toMatchObject({ type: 'gauge', min: 0, max: 100, data: [{ value: 75, name: '750 / 1,000' }] });
    expect(gauge.tooltip.formatter).toBe('已付金额合计：750 / 1,000');
    // Beyond its scale the dial grows with the value.
    expect(optionOf('gauge', { id: 'g', form: 'f', status: 200, value: 3, max: 2, percent: 150 }, 'x').series[0]).toMatchObject({ max: 150 });
  });

  it('colours a China map by province: regions by short name, the scale up to the largest value', () => {
    const map = chartOption('map', {
      id: 'm', form: 'contract_ledger', status: 200, points: [
        { key: '浙江省', label: '浙江省', value: 900, listFilter: { region: '浙江省' } },
        { key: '广西壮族自治区', label: '广西壮族自治区', value: 120.5, listFilter: { region: '广西壮族自治区' } },
      ],
    }, '合同金额合计') as unknown as { series: Record<string, unknown>[]; visualMap: Record<string, unknown>; tooltip: { formatter(p: unknown): string } };
    expect(map.series[0]).toMatchObject({ type: 'map', map: 'china', data: [{ name: '浙江', label: '浙江省', value: 900 }, { name: '广西', label: '广西壮族自治区', value: 120.5 }] });
    expect(map.visualMap).toMatchObject({ min: 0, max: 900 });
    expect(map.tooltip.formatter({ data: { label: '浙江省', value: 1234.5 } })).toBe('浙江省：1,234.5');
    // A province without records has no data: its tooltip is empty, not 0.
    expect(map.tooltip.formatter({ name: '西藏' })).toBe('');
    // No records at all still gives the scale a range.
    expect((chartOption('map', { id: 'm', form: 'f', status: 200, points: [] }, 'x') as { visualMap: { max: number } }).visualMap.max).toBe(1);
  });

  it('knows charts from numbers and tables, and formats values in Chinese style', () => {
    expect(['kpi', 'bar', 'line', 'pie', 'funnel', 'gauge', 'map', 'table', 'progress'].map((k) => isChart(k as never))).toEqual([false, true, true, true, true, true, true, false, false]);
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

  it('gives a gauge a scale and a progress board its names and bars, and previews only complete ones', () => {
    const p1 = newPanel('f', []);
    const gauge = withKind({ ...p1, kind: 'bar', groupBy: { field: 'kind' } }, 'gauge', def);
    expect(gauge).toMatchObject({ kind: 'gauge', gauge: { max: 100 } });
    expect(gauge.groupBy).toBeUndefined();
    expect(isComplete(gauge)).toBe(true);
    expect(isComplete({ ...gauge, gauge: {} })).toBe(false);
    const board = withKind(p1, 'progress', def);
    expect(board).toMatchObject({ kind: 'progress', progress: { label: 'kind', percent: 'amount' } });
    expect(isComplete(board)).toBe(true);
    expect(isComplete({ ...board, progress: { label: 'kind' } })).toBe(false);
    // Back to a chart: the board's settings go.
    expect(withKind(board, 'bar', def).progress).toBeUndefined();
  });
});
