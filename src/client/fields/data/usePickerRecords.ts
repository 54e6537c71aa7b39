/**
 * One page of another form's records for the related-form dropdown: statuses -1, 0 and 1 only (spec 01 §4), the relate filter as initFilter, a keyword.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import { listRecords, type ListQuery } from '../../api/records';

/** Spec 01 §4: related-form lists include only these statuses. */
export const PICKER_STATUSES = [-1, 0, 1];

/** A page of records of `form`. */
export function usePickerRecords(form: string | undefined, opts: { pageNum: number; pageSize: number; keyword?: string; initFilter?: ListQuery['initFilter']; source?: Record<string, unknown> }) {
  // `source`: the picker scene, its form and field (the server's permission rule and header filter).
  const query: ListQuery = { ...opts.source, pageNum: opts.pageNum, pageSize: opts.pageSize, 'in$_sys_status': PICKER_STATUSES };
  if (opts.keyword) query.keyword = opts.keyword;
  if (opts.initFilter != null && opts.initFilter !== '') query.initFilter = opts.initFilter;
  return useQuery({
    queryKey: queryKeys.recordForm.related(form ?? '', query),
    queryFn: () => listRecords(form as string, query, { silent: false }),
    enabled: !!form,
    placeholderData: keepPreviousData,
  });
}
