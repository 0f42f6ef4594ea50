import { QueryClient } from '@tanstack/react-query';
import { ApiFailure } from '../api/errors';

/** Retry only what may pass on a second try: network failures and server errors, once. */
function retry(failures: number, error: unknown): boolean {
  if (error instanceof ApiFailure && error.status > 0 && error.status < 500) return false;
  return failures < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
