/**
 * The one way the client fetches a form definition (issue 13: it was fetched at five call sites
 * with different options). Cached under `queryKeys.forms.byEnName`, so the route, the list, the
 * form page and the pickers of one form share one request.
 */
import { useQuery } from '@tanstack/react-query';
import type { FormDefinition } from '../../../schema-adapters';
import { getFormByEnName } from '../api/forms';
import { queryKeys } from '../api/queryKeys';

/** What a screen needs to know about the definition it waits for. */
export interface FormDefinitionState {
  /** The definition once loaded (undefined while loading, on error, or without a form name). */
  definition: FormDefinition | undefined;
  loading: boolean;
  error: unknown;
}

/** The definition of form `enName` (none asked for when `enName` is empty). */
export function useFormDefinition(enName: string | undefined): FormDefinitionState {
  // A definition changes only when an administrator saves it; 30 s spares a request per list,
  // drawer and page opened in between.
  const q = useQuery({
    queryKey: queryKeys.forms.byEnName(enName ?? ''),
    queryFn: () => getFormByEnName(enName as string),
    enabled: !!enName,
    staleTime: 30_000,
  });
  return { definition: q.data?.data ?? undefined, loading: q.isLoading, error: q.error };
}
