import { describe, expect, it } from 'vitest';
import { toColumns } from '../columns/toColumns';
import type { FormDefinition } from '../definition/types';
import { choiceText, displayText, formatDateValue } from './displayText';

const def: FormDefinition = {
  enName: 'disp',
  cnName: '显示',
  fields: [
    { enName: 'ratio', label: '付款比例', funcType: 'number', precision: 2, suffix: '%' },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2, suffix: '元' },
    { enName: 'cat', label: '分类', funcType: 'cascader', options: [{ label: '钢材', value: 'steel', children: [{ label: '盘圆', value: 'wire_rod' }] }] },
    { enName: 'kind', label: '类别', funcType: 'select', options: [{ label: '采购', value: 'p' }] },
    { enName: 'day', label: '日期', funcType: 'dateStamp', format: 'yyyy-MM-dd' },
  ],
};
const col = (key: string, settings: Record<string, string> = {}) => toColumns(def, { settings }).find((c) => c.key === key)!;

describe('one display text per field kind (issue 12 item 12)', () => {
  it('numbers: precision, suffix attached, grouping only when asked; 0 is a value', () => {
    expect(displayText(col('ratio'), { ratio: 0 })).toBe('0.00%');
    expect(displayText(col('amount'), { amount: 1234.5 })).toBe('1234.50元');
    expect(displayText(col('amount', { 'sys.thousand.separator.enabled': 'true' }), { amount: 1234.5 })).toBe('1,234.50元');
    expect(displayText(col('amount'), { amount: null })).toBe('');
  });

  it('cascaders: every level labelled, joined with " / ", from options or the $view (issue 12 item 4)', () => {
    expect(displayText(col('cat'), { cat: ['steel', 'wire_rod'] })).toBe('钢材 / 盘圆');
    expect(displayText(col('cat'), { cat: ['steel', 'wire_rod'], cat$view: '钢材/盘圆' })).toBe('钢材 / 盘圆');
    expect(choiceText([['steel'], ['steel', 'wire_rod']], { cascader: true, options: col('cat').options })).toBe('钢材、钢材 / 盘圆');
    expect(displayText(col('kind'), { kind: 'p' })).toBe('采购');
  });

  it('constant lists still loading give null, so nobody shows a raw id (issue 12 item 3)', () => {
    expect(choiceText(4535, { pending: true })).toBeNull();
    expect(choiceText(4535, { options: [{ label: '二级', value: 4535 }] })).toBe('二级');
  });

  it('dates in the field format; empty is empty', () => {
    expect(displayText(col('day'), { day: '2026-10-07' })).toBe('2026-10-07');
    expect(formatDateValue('', 'yyyy-MM-dd')).toBe('');
    expect(displayText(col('day'), {})).toBe('');
  });
});
