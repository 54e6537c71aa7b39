/** Home-page module lists (spec 02 §2.4, §7 /system/home/modules/default and /system/home/my/modules). */
import { get, post } from './http';
import type { DataResponse, PageResponse } from './types';
import type { Static } from 'typebox';
import type { CalendarEntry, CalendarEntryBody } from '../../shared/contract/calendar';
import type { Announcement, AnnouncementBody } from '../../shared/contract/announcements';
import type { CommonInfoPage } from '../../shared/contract/userState';
import type { HomeModule } from '../../shared/contract/homeModules';

export type { HomeModule } from '../../shared/contract/homeModules';

/** The user's modules (the tenant default until the user saves their own). */
export function getMyModules(): Promise<DataResponse<HomeModule[]>> {
  return get('/system/home/my/modules');
}

/** Saves the user's modules, in order. */
export function saveMyModules(modules: HomeModule[]): Promise<unknown> {
  return post('/system/home/my/modules', modules.map(({ id, selected }) => ({ id, selected })));
}

/** The tenant's default modules. */
export function getDefaultModules(): Promise<DataResponse<HomeModule[]>> {
  return get('/system/home/modules/default');
}

/** Saves the tenant's default modules (needs `system:home:edit`). */
export function saveDefaultModules(modules: HomeModule[]): Promise<unknown> {
  return post('/system/home/modules/default', modules.map(({ id, selected }) => ({ id, selected })));
}

export type { CalendarEntry } from '../../shared/contract/calendar';

/** What the add / edit dialog sends: the contract's body with the title and start the dialog always fills. */
export type CalendarEntryInput = CalendarEntryBody & { id?: number; title: string; startTime: string };

/** The user's entries overlapping `start`..`end` (`YYYY-MM-DD`, inclusive). */
export function listCalendar(start: string, end: string): Promise<DataResponse<CalendarEntry[]>> {
  return get('/system/userCalendar/list', { start, end });
}

export function addCalendarEntry(entry: CalendarEntryInput): Promise<DataResponse<CalendarEntry>> {
  return post('/system/userCalendar/add', entry);
}

export function editCalendarEntry(entry: CalendarEntryInput & { id: number }): Promise<DataResponse<CalendarEntry>> {
  return post('/system/userCalendar/edit', entry);
}

export function deleteCalendarEntry(id: number): Promise<unknown> {
  return post('/system/userCalendar/delete', { id });
}

export type { Announcement } from '../../shared/contract/announcements';

/** The tenant's announcements shown today. */
export function listAnnouncements(limit = 10): Promise<DataResponse<Announcement[]>> {
  return get('/rollingAnnounce/list', { limit });
}

/** One of the user's most visited menus (spec 02 §7 /myCommonInfo/page/get, bizType 2); `path` carries `?menuId=` (an http(s) link as it is). */
export type CommonMenu = Static<typeof CommonInfoPage>['rows'][number];

/** The user's most visited menus, most visited first (the spec's call: bizType 2, one page of 999). */
export function getCommonMenus(): Promise<PageResponse<CommonMenu>> {
  return post('/myCommonInfo/page/get', { bizType: 2, pageNo: 1, pageSize: 999 });
}

/** Counts one visit of a menu page (the shell calls it when a menu page opens). */
export function recordMenuVisit(menuId: number): Promise<unknown> {
  return post('/myCommonInfo/visit', { menuId }, { silent: true });
}

/** What the announcement dialog sends. */
export type AnnouncementInput = AnnouncementBody & { id?: number };

/** Every announcement of the tenant (needs `system:announce:list`). */
export function pageAnnouncements(pageNum: number, pageSize: number): Promise<PageResponse<Announcement>> {
  return get('/rollingAnnounce/page', { pageNum, pageSize });
}

export function saveAnnouncement(a: AnnouncementInput): Promise<DataResponse<Announcement>> {
  return post(a.id ? '/rollingAnnounce/edit' : '/rollingAnnounce/add', a);
}

export function deleteAnnouncement(id: number): Promise<unknown> {
  return post('/rollingAnnounce/delete', [id]);
}
