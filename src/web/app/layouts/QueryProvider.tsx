import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../../lib/queryClient';

/**
 * The query cache for the signed-in and admin layouts, whose pages fetch through it. It sits there
 * rather than at the root so that the public pages' first load leaves TanStack Query out (decision 0030).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
