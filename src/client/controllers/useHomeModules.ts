/** The home page's modules (spec 02 §2.4): the user's choice, saved per user; admins also save the tenant default. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addCalendarEntry,
  deleteAnnouncement,
  deleteCalendarEntry,
  editCalendarEntry,
  getCommonMenus,
  getDefaultModules,
  getMyModules,
  listAnnouncements,
  listCalendar,
  pageAnnouncements,
  saveAnnouncement,
  saveDefaultModules,
  saveMyModules,
  type AnnouncementInput,
  type CalendarEntryInput,
  type HomeModule,
} from '../api/home';
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

/** The user's calendar entries overlapping `start`..`end` (`YYYY-MM-DD`), and the writes that refresh them. */
export function useCalendar(start: string, end: string) {
  const client = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.home.calendar(start, end), queryFn: () => listCalendar(start, end), placeholderData: keepPreviousData });
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.home.calendarAll });
  const save = useMutation({
    mutationFn: (entry: CalendarEntryInput) => (entry.id ? editCalendarEntry({ ...entry, id: entry.id }) : addCalendarEntry(entry)),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: number) => deleteCalendarEntry(id), onSuccess: refresh });
  return {
    entries: list.data?.data ?? [],
    // The first load and a page change, not a background refresh: the table's spinner blocks its
    // buttons, and a refresh after a save would swallow the next click on 修改 or 删除.
    loading: list.isLoading || list.isPlaceholderData,
    save: save.mutateAsync,
    remove: remove.mutateAsync,
    saving: save.isPending || remove.isPending,
  };
}

/** The tenant's announcements shown today. */
export function useAnnouncements() {
  const list = useQuery({ queryKey: queryKeys.home.announcements(), queryFn: () => listAnnouncements(10) });
  return { announcements: list.data?.data ?? [], loaded: list.isSuccess };
}

/** The user's most visited menus, most visited first. */
export function useCommonMenus() {
  const list = useQuery({ queryKey: queryKeys.home.commonMenus(), queryFn: getCommonMenus, staleTime: 0 });
  return { rows: list.data?.rows ?? [], loaded: list.isSuccess || list.isError };
}

/** The permissions of the announcement administration (admin holds them). */
export const ANNOUNCE_PERMISSIONS = { list: 'system:announce:list', add: 'system:announce:add', edit: 'system:announce:edit', remove: 'system:announce:remove' } as const;

/** Every announcement of the tenant, one page at a time, and the writes that refresh them and the ticker. */
export function useAnnouncementAdmin(pageNum: number, pageSize: number, enabled: boolean) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: queryKeys.home.announcementAdmin(pageNum, pageSize),
    queryFn: () => pageAnnouncements(pageNum, pageSize),
    enabled,
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.home.all });
  const save = useMutation({ mutationFn: (a: AnnouncementInput) => saveAnnouncement(a), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (id: number) => deleteAnnouncement(id), onSuccess: refresh });
  return {
    rows: list.data?.rows ?? [],
    total: list.data?.total ?? 0,
    // The first load and a page change, not a background refresh: the table's spinner blocks its
    // buttons, and a refresh after a save would swallow the next click on 修改 or 删除.
    loading: list.isLoading || list.isPlaceholderData,
    save: save.mutateAsync,
    remove: remove.mutateAsync,
    saving: save.isPending,
  };
}
