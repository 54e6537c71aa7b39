/** The current user's context for conditions and defaults (CONTRACT.md §6), from the session. */
import type { UserContext } from '../../../schema-adapters/definition/types';
import type { SessionState } from '../session/sessionStore';

/** UserContext of the signed-in user. */
export function userContextOf(session: Pick<SessionState, 'user' | 'roles'>): UserContext {
  const u = session.user;
  return {
    userId: u?.userId ?? 0,
    userName: u?.userName ?? '',
    nickName: u?.nickName,
    deptId: u?.deptId ?? null,
    roleKeys: session.roles,
    roleNames: u?.roleNames ?? u?.roles?.map((r) => r.roleName) ?? [],
    companyId: null,
  };
}
