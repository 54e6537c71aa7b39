import { describe, expect, it } from 'vitest';
import { toColumns, type FormDefinition } from '../../../../schema-adapters';
import { pinnedColumns } from './pinnedColumns';

const def: FormDefinition = {
  enName: 'pins',
  cnName: '固定列',
  fields: ['a', 'b', 'c', 'd', 'e'].map((n) => ({ enName: n, label: n, funcType: 'input' as const })),
  buttons: [{ id: 1, name: '审核', rightShow: true }],
  feature: { pcTableElements: [{ enName: 'b', fixed: 'right' }, { enName: 'd', fixed: 'left' }] },
};
const keys = (cols: { key: string }[]) => cols.map((c) => c.key);

describe('pinnedColumns', () => {
  it('moves left-fixed columns to the start and right-fixed ones before 操作, and pins them there', () => {
    const p = pinnedColumns(toColumns(def, { showStatus: false }), 0);
    expect(keys(p.ordered)).toEqual(['d', 'a', 'c', 'e', 'b', '$actions']);
    expect(p.start).toEqual(['d']);
    expect(p.end).toEqual(['b', '$actions']);
  });

  it('adds the leading count on the left without taking a right-fixed column', () => {
    const p = pinnedColumns(toColumns(def, { showStatus: false }), 2);
    expect(keys(p.ordered)).toEqual(['a', 'd', 'c', 'e', 'b', '$actions']);
    expect(p.start).toEqual(['a', 'd']);
    expect(p.end).toEqual(['b', '$actions']);
  });

  it('leaves the order alone when nothing is fixed', () => {
    const p = pinnedColumns(toColumns({ ...def, buttons: [], feature: {} }, { showStatus: false }), 0);
    expect(keys(p.ordered)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(p.start).toEqual([]);
    expect(p.end).toEqual([]);
  });
});
