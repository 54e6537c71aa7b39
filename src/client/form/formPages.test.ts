import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import { debounceAsk, pageSchema } from './formSchema';
import { formPaths, parseFormRoute } from './formRoute';
import { initialValues } from './useRecordForm';

const q = (s = '') => new URLSearchParams(s);

describe('record route dispatch', () => {
  it('menu-reached /auto/{form} is the list; without a menu, with from=flow or /add it is the add page', () => {
    expect(parseFormRoute('', q(), 12)).toEqual({ kind: 'list' });
    expect(parseFormRoute('', q(), undefined)).toEqual({ kind: 'add', copyId: undefined, fromFlow: false });
    expect(parseFormRoute('', q('from=flow'), 12)).toEqual({ kind: 'add', copyId: undefined, fromFlow: true });
    expect(parseFormRoute('add', q('copyId=7'), 12)).toEqual({ kind: 'add', copyId: '7', fromFlow: false });
  });
  it('/{id} edits, /detail{id} views, anything else is not found', () => {
    expect(parseFormRoute('15', q(), 1)).toEqual({ kind: 'edit', id: '15' });
    expect(parseFormRoute('detail15', q(), 1)).toEqual({ kind: 'detail', id: '15' });
    expect(parseFormRoute('detailx', q(), 1)).toEqual({ kind: 'notFound' });
    expect(formPaths.copy('f', 3)).toBe('/auto/f/add?copyId=3');
    expect(formPaths.detail('f', 3)).toBe('/auto/f/detail3');
  });
});

describe('sql hide debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it('asks the server once per field for a burst of changes within 200 ms, with the last values', async () => {
    const ask = vi.fn(async (_f: string, data: Record<string, unknown>) => data.x);
    const debounced = debounceAsk(ask);
    const first = debounced('a', { x: 1 }).catch((e: Error) => e.message);
    const last = debounced('a', { x: 2 });
    await vi.advanceTimersByTimeAsync(199);
    expect(ask).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await last).toBe(2);
    expect(await first).toBe('superseded');
    expect(ask).toHaveBeenCalledTimes(1);
  });
});

const def: FormDefinition = {
  enName: 'demo',
  cnName: '示例',
  fields: [
    { enName: 'name', label: '名称', funcType: 'input', span: 12 },
    { enName: 'qty', label: '数量', funcType: 'number' },
    { enName: 'owner', label: '负责人', funcType: 'user', currentUser: true },
    { enName: 'period', label: '工期', funcType: 'dateRange' },
  ],
};
const ctx = { userId: 5, userName: 'u', nickName: '用户', deptId: 2, roleKeys: [], roleNames: [] };

describe('initial values and page schema', () => {
  it('a new record gets the defaults and the current user; a copy overrides them; a record is read as it is', () => {
    expect(initialValues(def, ctx, undefined, undefined)).toMatchObject({ name: null, qty: 0, owner: 5, owner$view: '用户' });
    expect(initialValues(def, ctx, undefined, { name: '复制的', owner: 9 })).toMatchObject({ name: '复制的', qty: 0, owner: 9 });
    expect(initialValues(def, ctx, { id: 3, name: 'x', period$start: '2026-01-01', period$end: '2026-02-01' }, undefined)).toMatchObject({ id: 3, name: 'x', period: ['2026-01-01', '2026-02-01'] });
  });
  it('wraps the fields in a two-column grid; span 12 takes one column, the default 24 both', () => {
    type Node = { 'x-component'?: string; 'x-component-props'?: { maxColumns?: number }; 'x-decorator-props'?: { gridSpan?: number }; properties: Record<string, Node> };
    const grid = (pageSchema(def, { mode: 'add', ctx }) as unknown as Node).properties.__grid;
    expect(grid['x-component']).toBe('FormGrid');
    expect(grid['x-component-props']?.maxColumns).toBe(2);
    expect(grid.properties.name['x-decorator-props']?.gridSpan).toBe(1);
    expect(grid.properties.qty['x-decorator-props']?.gridSpan).toBe(2);
  });
});
