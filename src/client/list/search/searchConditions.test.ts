import { describe, expect, it } from 'vitest';
import { toColumns, type FormDefinition } from '../../../../schema-adapters';
import { buildQueryFilters, isActive } from './searchConditions';

const def: FormDefinition = {
  enName: 'demo',
  cnName: '演示',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
    { enName: 'sign_date', label: '签订日期', funcType: 'dateStamp' },
    { enName: 'signed_at', label: '签订时间', funcType: 'dateStamp', format: 'yyyy-MM-dd HH:mm:ss' },
    { enName: 'start_time', label: '开始时间', funcType: 'timeOnly' },
    { enName: 'kind', label: '类型', funcType: 'select', options: [{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }] },
    { enName: 'category', label: '分类', funcType: 'cascader', options: [{ label: '材料', value: 'm', children: [{ label: '钢材', value: 'steel' }] }] },
    { enName: 'manager', label: '负责人', funcType: 'user' },
    { enName: 'project', label: '项目', funcType: 'relatedForm', relateEnName: 'project' },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'item', label: '品名', funcType: 'input' }] },
  ],
};
const columns = toColumns(def);
const col = (key: string) => columns.find((c) => c.key === key)!;

describe('search-condition builder (spec 01 §2.3, §3.5)', () => {
  it('sends nothing for empty searches and for the default range 全部', () => {
    expect(buildQueryFilters(columns, { title: { value: '  ', searchRange: 'all' }, amount: {}, kind: { value: [] } })).toEqual({ searchConList: [] });
  });

  it('sends a text search with its like / equal choice, like by default', () => {
    const f = buildQueryFilters(columns, { title: { value: ' 地铁 ' } });
    expect(f.searchConList).toEqual([{ enName: 'title', funcType: 'input', searchType: 'like', searchRange: 'all', title: '地铁' }]);
    const exact = buildQueryFilters(columns, { title: { value: '地铁', searchType: 'equal' } });
    expect(exact.searchConList[0].searchType).toBe('equal');
  });

  it('sends 已填 / 未填 without a value', () => {
    const f = buildQueryFilters(columns, { title: { searchRange: 'isNull' }, manager: { searchRange: 'notNull' } });
    expect(f.searchConList.map((e) => [e.enName, e.searchRange])).toEqual([['title', 'isNull'], ['manager', 'notNull']]);
  });

  it('sends number ranges as $start / $end numbers, open ends left out', () => {
    const f = buildQueryFilters(columns, { amount: { start: '100', end: undefined } });
    expect(f.searchConList[0]).toMatchObject({ enName: 'amount', amount$start: 100 });
    expect(f.searchConList[0]).not.toHaveProperty('amount$end');
  });

  it('stretches a pure date end to the end of that day, keeps a time end and a time-only range as they are', () => {
    const f = buildQueryFilters(columns, {
      sign_date: { start: '2025-01-01', end: '2025-01-31' },
      signed_at: { start: '2025-01-01 08:00:00', end: '2025-01-31 12:00:00' },
      start_time: { start: '08:00:00', end: '09:30:00' },
    });
    expect(f.searchConList[0]).toMatchObject({ sign_date$start: '2025-01-01', sign_date$end: '2025-01-31 23:59:59' });
    expect(f.searchConList[1]).toMatchObject({ signed_at$end: '2025-01-31 12:00:00' });
    expect(f.searchConList[2]).toMatchObject({ start_time$start: '08:00:00', start_time$end: '09:30:00' });
  });

  it('sends chosen select values, and the last level of a cascader path', () => {
    const f = buildQueryFilters(columns, { kind: { value: ['a', 'b'] }, category: { value: ['m', 'steel'] } });
    expect(f.searchConList[0]).toMatchObject({ enName: 'kind', kind: ['a', 'b'] });
    expect(f.searchConList[1]).toMatchObject({ enName: 'category', category: 'steel' });
  });

  it('sends user and related-form display text under $view', () => {
    const f = buildQueryFilters(columns, { manager: { view: '管理员' }, project: { view: '管廊' } });
    expect(f.searchConList[0]).toMatchObject({ enName: 'manager', manager$view: '管理员' });
    expect(f.searchConList[1]).toMatchObject({ enName: 'project', project$view: '管廊' });
  });

  it('sends a sub-form search with its children', () => {
    const f = buildQueryFilters(columns, { lines: { children: { item: { value: '钢' } } } });
    expect(f.searchConList[0]).toMatchObject({ enName: 'lines', children: [{ enName: 'item', item: '钢' }] });
    expect(isActive(col('lines'), { children: { item: { value: '' } } })).toBe(false);
  });

  it('turns the 状态 column into sysStatus, not a searchConList entry', () => {
    const f = buildQueryFilters(columns, { sys_status: { value: [1, -2] } });
    expect(f).toEqual({ searchConList: [], sysStatus: [1, -2] });
  });
});
