import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

// A 4xx will not change by asking again; only transient failures are worth a retry.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** A client with the app's defaults: the browser's one, or one per server render (decision 0095). */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** One client for the whole app, shared by route loaders and components. */
export const queryClient = newQueryClient();
