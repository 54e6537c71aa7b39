/** 制度发布 screen data: the paged list, save / publish / remove, the settings, and recipient options. */
import { useQuery } from '@tanstack/react-query';
import { deptTree } from '../api/depts';
import { getPolicySettings, listPolicies, publishPolicy, removePolicy, savePolicy, savePolicySettings, type Policy } from '../api/policy';
import { queryKeys } from '../api/queryKeys';
import { listUsers } from '../api/users';
import { useCrudAction, useCrudList } from './useCrudList';

/** The policy list and its actions. */
export function usePolicyController() {
  const list = useCrudList<Policy>({ all: queryKeys.policies.all, key: queryKeys.policies.list, list: listPolicies });
  const all = queryKeys.policies.all;
  return {
    ...list,
    save: useCrudAction(all, savePolicy),
    publish: useCrudAction(all, publishPolicy),
    remove: useCrudAction(all, removePolicy),
    saveSettings: useCrudAction(all, savePolicySettings),
  };
}

/** The tenant's policy settings. */
export function usePolicySettings(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.policies.settings(), queryFn: getPolicySettings, enabled });
}

/** Users and the department tree a publication may notify (loaded when the dialog opens). */
export function useRecipientOptions(enabled: boolean) {
  const users = useQuery({ queryKey: queryKeys.users.list({ pageNum: 1, pageSize: 1000, for: 'policy' }), queryFn: () => listUsers({ pageNum: 1, pageSize: 1000 }), enabled });
  const depts = useQuery({ queryKey: queryKeys.depts.tree(), queryFn: deptTree, enabled });
  return {
    users: (users.data?.rows ?? []).map((u) => ({ value: u.userId as number, label: `${u.nickName}（${u.userName}）` })),
    depts: depts.data?.data ?? [],
  };
}
