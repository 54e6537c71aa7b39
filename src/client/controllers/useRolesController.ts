/** Role administration (CONTRACT.md §3): list, add, edit, delete, with permission strings. */
import { useQuery } from '@tanstack/react-query';
import { listForms } from '../api/forms';
import { queryKeys } from '../api/queryKeys';
import { addRole, deleteRoles, editRole, getRole, listRoles, roleDeptTree, type SysRole } from '../api/roles';
import { deptTree } from '../api/depts';
import { useCrudAction, useCrudList } from './useCrudList';

/** Everything the roles page shows and does. */
export function useRolesController() {
  const list = useCrudList<SysRole>({ all: queryKeys.roles.all, key: queryKeys.roles.list, list: listRoles });
  const forms = useQuery({ queryKey: queryKeys.forms.list(), queryFn: listForms, staleTime: 60_000 });
  // The department tree of 自定数据权限 (a new role has no roleDeptTreeselect yet).
  const depts = useQuery({ queryKey: queryKeys.pickers.deptTree(), queryFn: async () => (await deptTree()).data ?? [], staleTime: 60_000 });
  const all = queryKeys.roles.all;
  return {
    ...list,
    forms: forms.data ?? [],
    depts: depts.data ?? [],
    // The role with the departments its custom scope holds (RuoYi's roleDeptTreeselect).
    load: async (id: number) => {
      const [role, tree] = await Promise.all([getRole(id), roleDeptTree(id)]);
      return { ...role.data, deptIds: tree.checkedKeys };
    },
    save: useCrudAction(all, (role: SysRole) => (role.roleId ? editRole(role) : addRole(role))),
    remove: useCrudAction(all, (ids: number[]) => deleteRoles(ids)),
  };
}
