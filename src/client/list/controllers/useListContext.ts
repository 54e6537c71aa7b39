/** The signed-in user's permission check and condition context, from the session store. */
import { useCallback, useMemo } from 'react';
import type { UserContext } from '../../../../schema-adapters';
import { hasPermission, hasRole, sessionStore } from '../../session/sessionStore';

/** `has(...perms)`: role admin and `*:*:*` hold everything; `ctx` for rightShowCon and column hide rules. */
export function useListContext() {
  const session = sessionStore.use((s) => s);
  const has = useCallback((...perms: string[]) => hasRole(session, 'admin') || hasPermission(session, ...perms), [session]);
  const ctx = useMemo<UserContext | undefined>(() => {
    const u = session.user;
    if (!u) return undefined;
    return { userId: u.userId, userName: u.userName, nickName: u.nickName, deptId: u.deptId, roleKeys: session.roles, roleNames: u.roleNames ?? [] };
  }, [session]);
  return { has, ctx, userId: session.user?.userId };
}
