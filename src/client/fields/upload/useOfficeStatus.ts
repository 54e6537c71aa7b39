/** What the server does with office files (`GET /api/office/status`); fetched once per session. */
import { useQuery } from '@tanstack/react-query';
import { officeStatus, type OfficeStatus } from '../../api/files';
import { queryKeys } from '../../api/queryKeys';

/** The status; undefined until it arrives or when it fails (then no edit button is shown). */
export function useOfficeStatus(): OfficeStatus | undefined {
  const q = useQuery({ queryKey: queryKeys.officeStatus(), queryFn: officeStatus, staleTime: Infinity, retry: false });
  return q.data;
}
