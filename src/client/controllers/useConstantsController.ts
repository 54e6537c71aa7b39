/** Constants (option lists) administration: root lists, drill into children, add / edit / delete. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addConstant, deleteConstants, editConstant, listConstantChildren, listRootConstants, type SysConstant } from '../api/constants';
import { queryKeys } from '../api/queryKeys';
import { useCrudAction } from './useCrudList';

function rowsOf(res: { data?: SysConstant[]; rows?: SysConstant[] } | undefined): SysConstant[] {
  return res?.rows ?? res?.data ?? [];
}

/** The trail of opened constants (root first) and the children of the last one. */
export function useConstantsController() {
  const [trail, setTrail] = useState<SysConstant[]>([]);
  const parent = trail[trail.length - 1];
  const roots = useQuery({ queryKey: queryKeys.constants.roots(), queryFn: listRootConstants });
  const children = useQuery({
    queryKey: queryKeys.constants.children(parent?.id ?? 0),
    queryFn: () => listConstantChildren(parent!.id!),
    enabled: !!parent,
  });
  const all = queryKeys.constants.all;
  return {
    trail,
    parent,
    rows: parent ? rowsOf(children.data) : rowsOf(roots.data as never),
    loading: roots.isFetching || children.isFetching,
    open: (c: SysConstant) => setTrail((t) => [...t, c]),
    backTo: (index: number) => setTrail((t) => t.slice(0, index)),
    save: useCrudAction(all, (c: SysConstant) => (c.id ? editConstant(c) : addConstant(c))),
    remove: useCrudAction(all, (id: number) => deleteConstants([id])),
  };
}
