/**
 * The server's definition check is the adapter's rulebook: before issue 13 it kept its own copy,
 * which let `sys_status` sit in a sub-form and a sub-form have no row fields.
 */
import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../../../../schema-adapters/index.js';
import { HttpError } from '../../http/HttpError.js';
import { checkDefinition } from './checkDefinition.js';

const withRows = (children: unknown[]) => ({
  enName: 'orders', cnName: '订单',
  fields: [{ enName: 'title', label: '标题', funcType: 'input' }, { enName: 'lines', label: '明细', funcType: 'subForm', children }],
});

function refusal(input: unknown): { status: number; message: string; fields: unknown } {
  try {
    checkDefinition(input);
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, message: e.message, fields: e.errors };
    throw e;
  }
  throw new Error('accepted');
}

describe('checkDefinition', () => {
  it('refuses a field named sys_status inside a sub-form, as the adapter does', () => {
    const def = withRows([{ enName: 'sys_status', label: '状态', funcType: 'sysStatus' }]);
    const r = refusal(def);
    expect(r.status).toBe(400);
    expect(r.message).toBe('字段英文名 “sys_status” 是系统保留字段');
    expect(validateDefinition(def)[0].message).toBe(r.message);
  });

  it('refuses a sub-form without row fields, as the adapter does', () => {
    expect(refusal(withRows([]))).toMatchObject({ status: 400, message: '子表须至少有一个字段' });
  });

  it('lists every problem with its path', () => {
    const r = refusal({ enName: 'Bad', cnName: '', fields: [{ enName: 'id', label: 'x', funcType: 'input' }] });
    expect(r.fields).toEqual([
      { field: 'enName', message: expect.stringContaining('不合法') },
      { field: 'cnName', message: '表单名称不能为空' },
      { field: 'fields[0].enName', message: '字段英文名 “id” 是系统保留字段' },
    ]);
  });

  it('keeps the database rules of its own and accepts a good definition', () => {
    expect(refusal([1])).toMatchObject({ status: 400, message: '表单定义须为JSON对象' });
    expect(refusal({ ...withRows([{ enName: 'q', label: '数\u0000量', funcType: 'number' }]) })).toMatchObject({ message: '表单定义含有不允许的字符' });
    const good = withRows([{ enName: 'q', label: '数量', funcType: 'number' }]);
    expect(checkDefinition(good)).toBe(good);
  });
});
