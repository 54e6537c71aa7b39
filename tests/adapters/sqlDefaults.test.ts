import { describe, expect, it } from 'vitest';
import { defaultValues, sqlDefaultFields, sqlDefaultText, validateDefinition } from '../../schema-adapters';
import type { FormDefinition } from '../../schema-adapters/definition/types';

const def: FormDefinition = {
  enName: 'orders',
  cnName: '订单',
  fields: [
    { enName: 'no', label: '序号', funcType: 'number', defaultType: 'sql', defaultValue: '$sql(SELECT count(*) + 1 FROM orders)' },
    { enName: 'fixed', label: '固定', funcType: 'input', defaultType: 'fix', defaultValue: '$sql(SELECT 1)' },
    { enName: 'title', label: '标题', funcType: 'input' },
  ],
};
const ctx = { userId: 1, userName: 'admin', deptId: null, roleKeys: [], roleNames: [] };

describe('SQL defaults', () => {
  it('are the main fields with defaultType sql and a $sql(…) text', () => {
    expect(sqlDefaultFields(def).map((f) => f.enName)).toEqual(['no']);
    expect(sqlDefaultText(def.fields[0])).toBe('SELECT count(*) + 1 FROM orders');
    // defaultType fix keeps its text as a plain value, whatever it looks like.
    expect(sqlDefaultText(def.fields[1])).toBeNull();
  });

  it('never put their statement into the browser form values', () => {
    const values = defaultValues(def, ctx);
    // Not even the number type's 0: the page fills it from init/by/sql.
    expect(values).not.toHaveProperty('no');
    expect(values.fixed).toBe('$sql(SELECT 1)');
  });

  it('are refused in a sub-form or without $sql(…)', () => {
    const bad = validateDefinition({
      enName: 'x', cnName: 'x',
      fields: [
        { enName: 'a', label: 'A', funcType: 'input', defaultType: 'sql', defaultValue: 'SELECT 1' },
        { enName: 'rows', label: '明细', funcType: 'subForm', children: [{ enName: 'b', label: 'B', funcType: 'input', defaultType: 'sql', defaultValue: '$sql(SELECT 1)' }] },
      ],
    });
    expect(bad).toEqual(expect.arrayContaining([
      { path: 'fields[0].defaultValue', message: 'SQL 默认值须写成 $sql(SELECT …)' },
      { path: 'fields[1].children[0].defaultType', message: '子表字段不支持 SQL 默认值' },
    ]));
  });
});
