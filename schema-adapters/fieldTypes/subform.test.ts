/** The sub-form's rules, held by its field type and applied by validateDefinition. */
import { describe, expect, it } from 'vitest';
import { allowedInSubForm, FIELD_TYPES, fieldNameOfKey, isRowList, rowFieldsOf, validateDefinition } from '../index';

const form = (children: unknown) => ({
  enName: 'orders', cnName: '订单',
  fields: [{ enName: 'lines', label: '明细', funcType: 'subForm', children }],
});

describe('sub-form rules', () => {
  it('a sub-form needs at least one row field', () => {
    expect(validateDefinition(form([]))).toEqual([{ path: 'fields[0].children', message: '子表须至少有一个字段' }]);
    expect(validateDefinition(form(undefined))).toEqual([{ path: 'fields[0].children', message: '子表须至少有一个字段' }]);
  });

  it('rows hold no sub-form, status or serial number, and no field named sys_status', () => {
    const problems = validateDefinition(form([
      { enName: 'inner', label: '嵌套', funcType: 'subForm', children: [{ enName: 'x', label: 'X', funcType: 'input' }] },
      { enName: 'state', label: '状态', funcType: 'sysStatus' },
      { enName: 'no', label: '单号', funcType: 'serialNumber' },
      { enName: 'sys_status', label: '状态', funcType: 'sysStatus' },
    ]));
    expect(problems.map((p) => p.path)).toEqual([
      'fields[0].children[0]', 'fields[0].children[1].funcType', 'fields[0].children[2].funcType',
      'fields[0].children[3].enName', 'fields[0].children[3].funcType',
    ]);
    expect(problems[0].message).toBe('子表中不能再嵌套子表');
    expect(problems[3].message).toBe('字段英文名 “sys_status” 是系统保留字段');
  });

  it('every other value type may be a row field', () => {
    const allowed = FIELD_TYPES.filter(allowedInSubForm);
    expect(FIELD_TYPES.filter((t) => !allowedInSubForm(t))).toEqual(['richText', 'subForm', 'serialNumber', 'sysStatus']);
    const children = allowed.map((t, i) => ({ enName: `f${i}`, label: t, funcType: t, ...(t === 'relatedForm' ? { relateEnName: 'other' } : {}), ...(['select', 'radio', 'checkbox', 'cascader'].includes(t) ? { options: [] } : {}) }));
    expect(validateDefinition(form(children))).toEqual([]);
  });

  it('row fields and row lists', () => {
    const sub = form([{ enName: 'q', label: '数量', funcType: 'number' }]).fields[0] as never;
    expect(rowFieldsOf(sub).map((f) => f.enName)).toEqual(['q']);
    expect(rowFieldsOf({ enName: 'q', label: 'Q', funcType: 'number' })).toEqual([]);
    expect(isRowList([{ q: 1 }, {}])).toBe(true);
    expect(isRowList([{ q: 1 }, null])).toBe(false);
    expect(isRowList({ q: 1 })).toBe(false);
  });
});

describe('fieldNameOfKey', () => {
  it('strips a companion suffix and nothing else', () => {
    expect(['amount', 'amount$view', 'period$start', 'period$end', 'site$province', 'site$city', 'site$district', 'x$other', '$view'].map(fieldNameOfKey))
      .toEqual(['amount', 'amount', 'period', 'period', 'site', 'site', 'site', 'x$other', '$view']);
  });
});
