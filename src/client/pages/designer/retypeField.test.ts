// Issue 27 item 7: a field's type can be changed in the designer; the new type is valid at once.
import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../../../../schema-adapters/definition/validateDefinition';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types';
import { retypeOptions, retypePatch } from './retypeField';

const text: FieldDefinition = { enName: 'level', label: '级别', funcType: 'input', span: 24 };

describe('changing a field\'s type', () => {
  it('a text field becomes a 下拉选择 with starter options, and the form stays valid', () => {
    const patch = retypePatch(text, 'select');
    expect(patch).toMatchObject({ funcType: 'select', selectMode: 0 });
    const def = { enName: 'demo', cnName: '示例', fields: [{ ...text, ...patch }] };
    expect(validateDefinition(def)).toEqual([]);
  });
  it('keeps options the field already has, and changing to its own type changes nothing', () => {
    const own = [{ label: '高', value: 'h' }];
    expect(retypePatch({ ...text, funcType: 'select', selectMode: 0, options: own }, 'radio')).toEqual({ funcType: 'radio' });
    expect(retypePatch(text, 'input')).toEqual({});
  });
  it('offers every type but 子表 (labels in Chinese); a sub-form stays one; a row offers only row types', () => {
    const opts = retypeOptions(text, false);
    expect(opts.map((o) => o.value)).not.toContain('subForm');
    expect(opts.find((o) => o.value === 'number')?.label).toBe('数字');
    expect(retypeOptions({ funcType: 'subForm' }, false).map((o) => o.value)).toEqual(['subForm']);
    const row = retypeOptions(text, true).map((o) => o.value);
    expect(row).not.toContain('serialNumber');
    expect(row).not.toContain('sysStatus');
  });
});
