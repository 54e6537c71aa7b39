/** Role administration (CONTRACT.md §3): list, add, edit, delete, with permission strings. */
import { useQuery } from '@tanstack/react-query';
import { listForms } from '../api/forms';
import { queryKeys } from '../api/queryKeys';
import { addRole, deleteRoles, editRole, getRole, listRoles, type SysRole } from '../api/roles';
import { useCrudAction, useCrudList } from './useCrudList';

/** Everything the roles page shows and does. */
export function useRolesController() {
  const list = useCrudList<SysRole>({ all: queryKeys.roles.all, key: queryKeys.roles.list, list: listRoles });
  const forms = useQuery({ queryKey: queryKeys.forms.list(), queryFn: listForms, staleTime: 60_000 });
  const all = queryKeys.roles.all;
  return {
    ...list,
    forms: forms.data ?? [],
    load: async (id: number) => (await getRole(id)).data,
    save: useCrudAction(all, (role: SysRole) => (role.roleId ? editRole(role) : addRole(role))),
    remove: useCrudAction(all, (ids: number[]) => deleteRoles(ids)),
  };
}
