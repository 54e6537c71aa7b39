/** The one TanStack Query client: errors are already shown by the HTTP client, so no retries on 4xx. */
import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../api/http';

/** Shared query client of the app. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 10_000,
      // A failed call has already shown its message; retrying would show it again.
      retry: (count, error) => !(error instanceof HttpError) && count < 1,
    },
  },
});
