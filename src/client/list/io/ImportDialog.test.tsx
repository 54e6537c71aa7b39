import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../../schema-adapters';
import { IMPORT_MODES, keyOptions } from './ImportDialog';

describe('import dialog modes (issue 27 item 2)', () => {
  it('offers 仅新增 / 仅更新 / 新增或更新, and keys with the serial number first and 记录ID last', () => {
    expect(IMPORT_MODES.map((m) => m.label)).toEqual(['仅新增', '仅更新', '新增或更新']);
    const def = { enName: 'c', cnName: '合同', fields: [
      { enName: 'title', label: '合同名称', funcType: 'input' },
      { enName: 'amount', label: '金额', funcType: 'number' },
      { enName: 'no', label: '合同编号', funcType: 'serialNumber' },
    ] } as unknown as FormDefinition;
    expect(keyOptions(def)).toEqual([{ value: 'no', label: '合同编号' }, { value: 'title', label: '合同名称' }, { value: 'id', label: '记录ID' }]);
  });
});
