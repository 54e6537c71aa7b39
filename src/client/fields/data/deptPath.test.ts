import { describe, expect, it } from 'vitest';
import { deptPath, labelOfDept } from './deptPath';

const tree = [{ id: 100, label: '总公司', children: [{ id: 101, label: '工程管理部', children: [{ id: 103, label: '项目一部' }] }, { id: 102, label: '财务部' }] }];

describe('department paths for the cascader', () => {
  it('gives the ids from the root down to a department, [] for one not in the tree', () => {
    expect(deptPath(tree, 103)).toEqual([100, 101, 103]);
    expect(deptPath(tree, '102')).toEqual([100, 102]);
    expect(deptPath(tree, 100)).toEqual([100]);
    expect(deptPath(tree, 999)).toEqual([]);
  });
  it('labels a department by id at any depth', () => {
    expect(labelOfDept(tree, 103)).toBe('项目一部');
    expect(labelOfDept(tree, 7)).toBeUndefined();
  });
});
