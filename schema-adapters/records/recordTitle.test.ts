import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../definition/types';
import { recordNames, recordTitle } from './recordTitle';

const def: Pick<FormDefinition, 'fields'> = {
  fields: [
    { enName: 'amount', label: '金额', funcType: 'number' },
    { enName: 'title', label: '合同名称', funcType: 'input' },
    { enName: 'code', label: '合同编号', funcType: 'serialNumber' },
  ],
};

describe('what a user calls a record (issue 27 items 3 and 5)', () => {
  it('is its serial number, else its first filled text, else 记录 {id}', () => {
    expect(recordTitle(def, { id: 13, title: '地铁站房', code: 'HT-2026-0001' })).toBe('HT-2026-0001');
    expect(recordTitle(def, { id: 13, title: ' 地铁站房 ', code: '' })).toBe('地铁站房');
    expect(recordTitle(def, { id: 13, amount: 5 })).toBe('记录 13');
  });

  it('names up to 10 records, then 等 N 条 with the whole count', () => {
    expect(recordNames(['甲', '乙'])).toBe('甲、乙');
    const twelve = Array.from({ length: 12 }, (_, i) => `R${i + 1}`);
    expect(recordNames(twelve)).toBe('R1、R2、R3、R4、R5、R6、R7、R8、R9、R10 等 12 条');
    expect(recordNames(twelve.slice(0, 10))).toBe(twelve.slice(0, 10).join('、'));
  });
});
