import { describe, expect, it } from 'vitest';
import { importedRow, rowIndexes } from './rowIndex';
import { addUsers, confirmValue, removeUsers } from './userSelection';
import { setAddressLevel } from '../addressCascader';

describe('sub-form row numbers', () => {
  it('numbers top rows 1, 2 and child rows 1-1, 1-2 after their parent', () => {
    expect(rowIndexes([{ id: 10 }, { id: 11, pid: 10 }, { id: 12, pid: 10 }, { id: 13 }, { id: 14, pid: 13 }, {}])).toEqual(['1', '1-1', '1-2', '2', '2-1', '3']);
  });
  it('copies same-named fields and their $view into an imported row over the defaults', () => {
    expect(importedRow({ id: 5, node_name: 'A', manager: 1, manager$view: '管理员', other: 1 }, ['node_name', 'manager', 'paid'], { paid: false })).toEqual({ paid: false, node_name: 'A', manager: 1, manager$view: '管理员' });
  });
});

describe('user picker selection', () => {
  it('drops duplicates, keeps one user in single mode, returns a list or the first id', () => {
    const a = { userId: 1, nickName: '甲' };
    const b = { userId: 2, nickName: '乙' };
    expect(addUsers([a], [a, b], true)).toEqual([a, b]);
    expect(addUsers([a], [b], false)).toEqual([b]);
    expect(removeUsers([a, b], [1])).toEqual([b]);
    expect(confirmValue([a, b], true)).toEqual([1, 2]);
    expect(confirmValue([a, b], false)).toBe(1);
    expect(confirmValue([], false)).toBeNull();
  });
});

describe('address levels', () => {
  it('changing or clearing a level drops the levels below it', () => {
    expect(setAddressLevel([11, 1101, 110101], 0, 12)).toEqual([12]);
    expect(setAddressLevel([11, 1101, 110101], 1, null)).toEqual([11]);
    expect(setAddressLevel([11], 1, 1101)).toEqual([11, 1101]);
  });
});
