import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, type FieldType } from '../definition/fieldTypes';
import type { FieldDefinition } from '../definition/types';
import { specOf } from '../fieldTypes/registry';
import type { ImportLookups, SampleSource } from './cellTypes';
import { exportCell, exportStyle, importCell, sampleValue } from './fieldCells';

const OPTIONS = [{ label: '钢材', value: 'steel', children: [{ label: '螺纹钢', value: 'rebar' }] }, { label: '水泥', value: 'cement' }];
const field = (funcType: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ enName: 'f', label: '字段', funcType, options: OPTIONS, ...extra }) as FieldDefinition;

/** The tenant's names of a small import: two users (one name twice), a department, options, two places, one related record. */
const lookups: ImportLookups = {
  one: (f, label) => {
    const users: Record<string, number[]> = { 张三: [1], 重名: [2, 3] };
    if (f.funcType === 'user') return users[label]?.length === 1 ? { id: users[label][0], label } : users[label] ? `“${label}”对应多个用户，无法确定` : `用户“${label}”不存在`;
    if (f.funcType === 'dept') return label === '财务部' ? { id: 10, label } : `部门“${label}”不存在`;
    const hit = [...OPTIONS, ...(OPTIONS[0].children ?? [])].find((o) => o.label === label);
    return hit ? { id: hit.value, label } : `「${f.label}」没有选项“${label}”`;
  },
  place: (parent, name) => ({ '1/浙江省': 33, '33/杭州市': 3301 } as Record<string, number>)[`${parent}/${name}`] ?? null,
  related: (_f, label) => (label === 'HT-001' ? 7 : label === '重复' ? undefined : null),
};

describe('export cells, as the list shows them', () => {
  it('gives numbers as numbers, switches as 是/否, labels from $view, date ranges joined, statuses by name, file names', () => {
    expect(exportCell(field('number'), { f: '12.50' })).toBe(12.5);
    expect(exportCell(field('switch'), { f: false })).toBe('否');
    expect(exportCell(field('select'), { f: 'steel', f$view: '钢材' })).toBe('钢材');
    expect(exportCell(field('dateRange', { format: 'yyyy-MM' }), { f$start: '2026-01-02', f$end: null })).toBe('2026-01 ~ ');
    expect(exportCell(field('sysStatus'), { sys_status: -2 })).toBe('作废');
    expect(exportCell(field('upload'), { f: [{ name: '合同.pdf', url: 'u' }, { name: '附件.png', url: 'v' }] })).toBe('合同.pdf,附件.png');
    expect(exportCell(field('input'), { f: '=HYPERLINK("x")' })).toBe('\'=HYPERLINK("x")');
    expect(exportCell(field('input'), { f: '' })).toBeNull();
  });

  it('styles number and date columns for a spreadsheet', () => {
    expect(exportStyle(field('number', { precision: 2, suffix: '元' }), true)).toEqual({ numFmt: '#,##0.00"元"' });
    expect(exportStyle(field('dateStamp', { format: 'yyyy-MM-dd HH:mm' }), false)).toEqual({ numFmt: 'yyyy-mm-dd hh:mm', date: true });
    expect(exportStyle(field('input'), true)).toBeNull();
  });
});

describe('import cells', () => {
  it('reads numbers, switches, typed dates, labels, paths, places and related records', () => {
    expect(importCell(field('number'), '1,234.5', lookups)).toEqual({ values: { f: 1234.5 } });
    expect(importCell(field('number'), '十二', lookups)).toEqual({ error: '「字段」须为数字' });
    expect(importCell(field('switch'), '是', lookups)).toEqual({ values: { f: true } });
    expect(importCell(field('dateStamp'), '2026年1月7日', lookups)).toEqual({ values: { f: '2026-01-07' } });
    expect(importCell(field('dateRange'), '2026/1/7 至 2026/2/1', lookups)).toEqual({ values: { f$start: '2026-01-07', f$end: '2026-02-01' } });
    expect(importCell(field('dateStamp'), new Date('2026-03-04T00:00:00Z'), lookups)).toEqual({ values: { f: '2026-03-04' } });
    expect(importCell(field('select', { multiple: true }), '钢材，水泥', lookups)).toEqual({ values: { f: ['steel', 'cement'], f$view: '钢材,水泥' } });
    expect(importCell(field('cascader'), '钢材 / 螺纹钢', lookups)).toEqual({ values: { f: ['steel', 'rebar'], f$view: '钢材/螺纹钢' } });
    expect(importCell(field('user'), '重名', lookups)).toEqual({ error: '“重名”对应多个用户，无法确定' });
    expect(importCell(field('address'), '浙江省/杭州市', lookups)).toEqual({ values: { f: [33, 3301], f$view: '浙江省/杭州市' } });
    expect(importCell(field('relatedForm'), 'HT-001', lookups)).toEqual({ values: { f: 7, f$view: 'HT-001' } });
    expect(importCell(field('relatedForm'), '重复', lookups)).toEqual({ error: '「字段」中“重复”对应多条记录，无法确定' });
  });

  it('gives nothing for an empty cell or for a type a file cannot fill', () => {
    expect(importCell(field('input'), '  ', lookups)).toBeNull();
    for (const t of ['upload', 'serialNumber', 'sysStatus', 'subForm', 'groupTitle'] as const) expect(importCell(field(t), 'x', lookups)).toBeNull();
  });

  it('reads back what it exports, for every type a file can fill', () => {
    const rows: Partial<Record<FieldType, Record<string, unknown>>> = {
      input: { f: '=1+1' }, number: { f: 12.5 }, switch: { f: true }, dateStamp: { f: '2026-01-07' },
      dateRange: { f$start: '2026-01-07', f$end: '2026-02-01' }, select: { f: 'cement', f$view: '水泥' },
      cascader: { f: ['steel', 'rebar'], f$view: '钢材/螺纹钢' }, user: { f: 1, f$view: '张三' },
      address: { f: [33, 3301], f$view: '浙江省/杭州市' }, relatedForm: { f: 7, f$view: 'HT-001' },
    };
    for (const [t, row] of Object.entries(rows)) {
      const f = field(t as FieldType);
      const back = importCell(f, exportCell(f, row), lookups);
      expect(back, t).toEqual({ values: row });
    }
  });
});

describe('sample values', () => {
  it('pass their own type\'s value check, for every type that has one', () => {
    let seed = 1;
    const source: SampleSource = {
      random: () => ((seed = (seed * 16807) % 2147483647) / 2147483647),
      index: 3,
      text: (f) => `${f.label}样例`,
      choices: (f) => (f.funcType === 'color' ? ['red', 'green'] : (f.options ?? []).map((o) => o.value)),
      userIds: [1, 2], deptIds: [10], records: () => [7], addresses: [[33, 3301, 330106]],
    };
    for (const t of FIELD_TYPES) {
      // A date-time format for the date types (a time field keeps its own format).
      for (const extra of [{}, { multiple: true }, t === 'timeOnly' ? {} : { format: 'yyyy-MM-dd HH:mm:ss' }]) {
        const f = field(t, extra);
        const value = sampleValue(f, source);
        if (value === undefined) continue;
        expect(specOf(f).checkValue(f, value), `${t} ${JSON.stringify(extra)} ${JSON.stringify(value)}`).toBeNull();
      }
    }
  });
});
