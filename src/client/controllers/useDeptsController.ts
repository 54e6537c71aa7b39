/** Department administration (spec 02 §7 "Departments"): a tree, add, edit, delete. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addDept, deleteDepts, editDept, listDepts, type SysDept } from '../api/depts';
import { queryKeys } from '../api/queryKeys';
import { listToTree } from '../session/listToTree';
import { useCrudAction } from './useCrudList';

/** The department tree with search and changes. */
export function useDeptsController() {
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const q = useQuery({ queryKey: queryKeys.depts.list(filters), queryFn: () => listDepts(filters) });
  const rows = q.data?.data ?? [];
  const all = queryKeys.depts.all;
  return {
    rows,
    tree: listToTree(rows, 'deptId', 'parentId') as SysDept[],
    loading: q.isFetching,
    search: setFilters,
    save: useCrudAction(all, (dept: SysDept) => (dept.deptId ? editDept(dept) : addDept(dept))),
    remove: useCrudAction(all, (id: number) => deleteDepts([id])),
  };
}
