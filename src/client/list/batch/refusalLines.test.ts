import { describe, expect, it } from 'vitest';
import { refusalLines } from './refusalLines';

const def = { enName: 't', cnName: '任务', fields: [{ enName: 'closer', label: '完成人', funcType: 'input' as const }, { enName: 'span', label: '工期', funcType: 'dateRange' as const }] };

describe('refusalLines', () => {
  it('names the record, and the field by its label when the refusal is about a field', () => {
    expect(refusalLines([
      { field: '12.closer', message: '完成人不能为空' },
      { field: '13.span$start', message: '日期格式不正确' },
      { field: '14', message: '已作废的数据不能修改' },
      { field: '15.lines.0.item', message: '品名过长' },
    ], def)).toEqual([
      '记录 12「完成人」：完成人不能为空',
      '记录 13「工期」：日期格式不正确',
      '记录 14：已作废的数据不能修改',
      '记录 15「lines.0.item」：品名过长',
    ]);
  });
});
