/** User administration (spec 02 §7 "Users"): list by department, add, edit, delete, status, password, template. */
import { useQuery } from '@tanstack/react-query';
import { deptTree } from '../api/depts';
import { queryKeys } from '../api/queryKeys';
import { listRoles } from '../api/roles';
import {
  addUser,
  approveUsers,
  changeUserStatus,
  deleteUsers,
  downloadUserTemplate,
  editUser,
  getUser,
  importUsers,
  listUsers,
  rejectUsers,
  resetUserPassword,
  type SysUser,
} from '../api/users';
import { useCrudAction, useCrudList } from './useCrudList';

/** Everything the users page shows and does. */
export function useUsersController() {
  const list = useCrudList<SysUser>({ all: queryKeys.users.all, key: queryKeys.users.list, list: listUsers });
  const tree = useQuery({ queryKey: queryKeys.depts.tree(), queryFn: deptTree });
  const roles = useQuery({ queryKey: queryKeys.roles.list({ pageSize: 999 }), queryFn: () => listRoles({ pageNum: 1, pageSize: 999 }) });
  const all = queryKeys.users.all;
  return {
    ...list,
    deptTree: tree.data?.data ?? [],
    roleOptions: (roles.data?.rows ?? []).map((r) => ({ value: r.roleId!, label: r.roleName })),
    /** The user with role ids, for the edit dialog. */
    load: async (id: number): Promise<SysUser> => {
      const res = await getUser(id);
      return { ...res.data, roleIds: res.data?.roleIds ?? res.roleIds ?? [] };
    },
    save: useCrudAction(all, (user: SysUser) => (user.userId ? editUser(user) : addUser(user))),
    remove: useCrudAction(all, (ids: number[]) => deleteUsers(ids)),
    setStatus: useCrudAction(all, (userId: number, status: string) => changeUserStatus(userId, status)),
    /** 审核通过 of accounts waiting for approval (their owners get a 消息中心 message). */
    approve: useCrudAction(all, (userIds: number[]) => approveUsers(userIds)),
    /** 驳回: the waiting accounts are deleted. */
    reject: useCrudAction(all, (userIds: number[], reason?: string) => rejectUsers(userIds, reason)),
    resetPassword: useCrudAction(all, (userId: number, password: string) => resetUserPassword(userId, password)),
    /** Import a sheet (all rows or none); the list refreshes after a success. */
    importSheet: useCrudAction(all, (file: File, updateSupport: boolean) => importUsers(file, updateSupport)),
    /** Save the import template as a file. */
    downloadTemplate: async () => {
      const blob = await downloadUserTemplate();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `user_template_${Date.now()}.xlsx`;
      a.click();
      URL.revokeObjectURL(url);
    },
  };
}
