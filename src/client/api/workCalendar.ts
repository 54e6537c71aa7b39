/** 工作日历 calls (src/shared/contract/workCalendar.ts). */
import type { Static } from 'typebox';
import { get, post } from './http';
import type { DataResponse } from './types';
import type { WorkCalendarAnswer, WorkCalendarBody } from '../../shared/contract/workCalendar';

export type WorkCalendar = Static<typeof WorkCalendarAnswer>['data'];
export type { WorkCalendarBody };

/** `GET /api/system/calendar`: the tenant's calendar (the default one until saved). */
export async function getWorkCalendar(): Promise<WorkCalendar> {
  return (await get<DataResponse<WorkCalendar>>('/system/calendar')).data;
}

/** `POST /api/system/calendar`: saves the whole calendar and answers it as stored. */
export async function saveWorkCalendar(body: WorkCalendarBody): Promise<WorkCalendar> {
  return (await post<DataResponse<WorkCalendar>>('/system/calendar', body)).data;
}
