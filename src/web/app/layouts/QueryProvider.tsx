import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../../lib/queryClient';
import { useRememberTimeZone } from '../timeZone';

/**
 * The query cache for the signed-in and admin layouts, whose pages fetch through it. It sits there
 * rather than at the root so that the public pages' first load leaves TanStack Query out (decision 0030).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  // Every signed-in page passes here: the next full load of one can come with its first view (decision 0095).
  useRememberTimeZone();
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
