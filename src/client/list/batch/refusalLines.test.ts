import { describe, expect, it } from 'vitest';
import { refusalLines } from './refusalLines';
import { batchDoneText, skipText } from './useBatchEdit';

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

  it('names a record by the serial number or title the server labels it with (issue 27 item 5)', () => {
    expect(refusalLines([
      { field: '13', message: '已作废的数据不能修改', label: 'HT-2026-0013' },
      { field: '14.closer', message: '完成人不能为空', label: '地铁站房' },
    ], def)).toEqual(['HT-2026-0013：已作废的数据不能修改', '地铁站房「完成人」：完成人不能为空']);
  });
});

describe('the batch confirmation of a search (issue 27 item 5)', () => {
  it('says what it skips before confirming', () => {
    expect(skipText({ total: 5, voided: 1, inApproval: 0 })).toBe('5 行，其中 1 行已作废，将跳过');
    expect(skipText({ total: 5, voided: 1, inApproval: 2 })).toBe('5 行，其中 1 行已作废、2 行审批中，将跳过');
    expect(skipText({ total: 5, voided: 0, inApproval: 0 })).toBe('');
    expect(batchDoneText(4, 1)).toBe('操作成功，已修改4行数据，跳过1行（已作废或审批中）');
    expect(batchDoneText(4)).toBe('操作成功，已修改4行数据');
  });
});
