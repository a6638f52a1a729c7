import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { queryClient } from '../../lib/queryClient';
import { whenIdle } from '../../lib/whenIdle';

/** Its code is fetched at that moment, not with the page. */
function storeTimeZone() {
  import('../timeZone').then(
    (zone) => zone.rememberTimeZone(),
    () => {},
  );
}

/**
 * The query cache for the signed-in and admin layouts, whose pages fetch through it. It sits there
 * rather than at the root so that the public pages' first load leaves TanStack Query out (decision 0030).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  // Every signed-in page passes here: once it is idle the browser's zone is stored, so the next full
  // load of one can come with its first view (decision 0095).
  useEffect(() => whenIdle(storeTimeZone), []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
