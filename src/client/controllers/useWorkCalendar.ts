/** 工作日历 screen data: the tenant's calendar and its save. */
import { useQuery } from '@tanstack/react-query';
import { getWorkCalendar, saveWorkCalendar } from '../api/workCalendar';
import { queryKeys } from '../api/queryKeys';
import { useCrudAction } from './useCrudList';

/** The calendar (default until saved) and `save`, which refreshes it. */
export function useWorkCalendar() {
  const calendar = useQuery({ queryKey: queryKeys.workCalendar.all, queryFn: getWorkCalendar });
  return { calendar: calendar.data, loading: calendar.isLoading, save: useCrudAction(queryKeys.workCalendar.all, saveWorkCalendar) };
}
