/** Personal centre (spec 02 §2.3 `/user/profile`): profile, avatar, password. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys';
import { editProfile, getProfile, updatePassword, uploadAvatar } from '../api/users';
import type { SessionUser } from '../api/types';
import { setNeedPerfect } from '../session/passwordFlag';
import { sessionStore } from '../session/sessionStore';
import { useCrudAction } from './useCrudList';

/** The profile and its three changes; each keeps the header's user in step. */
export function useProfileController() {
  const client = useQueryClient();
  const profile = useQuery({ queryKey: queryKeys.users.profile(), queryFn: getProfile });
  const all = queryKeys.users.profile();
  const patchSession = (patch: Partial<SessionUser>) => {
    const user = sessionStore.get().user;
    if (user) sessionStore.set({ user: { ...user, ...patch } });
  };
  return {
    user: profile.data?.data,
    roleGroup: profile.data?.roleGroup,
    loading: profile.isLoading,
    save: useCrudAction(all, async (patch: Partial<SessionUser>) => {
      const res = await editProfile(patch);
      patchSession(patch);
      return res;
    }),
    changePassword: useCrudAction(all, async (oldPassword: string, newPassword: string) => {
      const res = await updatePassword(oldPassword, newPassword);
      setNeedPerfect(false);
      return res;
    }),
    avatar: useCrudAction(all, async (file: File) => {
      const res = await uploadAvatar(file);
      const url = res.imgUrl ?? res.data.imgUrl;
      if (url) patchSession({ avatar: url });
      await client.invalidateQueries({ queryKey: queryKeys.session.info() });
      return url;
    }),
  };
}
