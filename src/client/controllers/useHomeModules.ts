/** The home page's modules (spec 02 §2.4): the user's choice, saved per user; admins also save the tenant default. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDefaultModules, getMyModules, saveDefaultModules, saveMyModules, type HomeModule } from '../api/home';
import { queryKeys } from '../api/queryKeys';

/** The permission that lets a user save the tenant's default modules (admin holds it). */
export const HOME_DEFAULT_PERMISSION = 'system:home:edit';

/** The user's modules and the save actions. */
export function useHomeModules() {
  const client = useQueryClient();
  const mine = useQuery({ queryKey: queryKeys.home.myModules(), queryFn: getMyModules });
  const saveMine = useMutation({
    mutationFn: (modules: HomeModule[]) => saveMyModules(modules),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.home.all }),
  });
  const saveDefault = useMutation({
    mutationFn: (modules: HomeModule[]) => saveDefaultModules(modules),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.home.all }),
  });
  return {
    modules: mine.data?.data ?? [],
    loaded: mine.isSuccess,
    saveMine: saveMine.mutateAsync,
    saveDefault: saveDefault.mutateAsync,
    saving: saveMine.isPending || saveDefault.isPending,
    loadDefault: () => client.fetchQuery({ queryKey: queryKeys.home.defaultModules(), queryFn: getDefaultModules, staleTime: 0 }).then((r) => r.data),
  };
}
