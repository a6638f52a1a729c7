import { infiniteQueryOptions } from '@tanstack/react-query';
import type { TimelinePage } from '../../../../shared/features/dashboard/timeline.contracts';
import { api } from '../../../lib/api';

export type { TimelinePage } from '../../../../shared/features/dashboard/timeline.contracts';

/** How many items the History shows at first and adds per "Show more". */
export const HISTORY_PAGE_SIZE = 10;

/** Not under ['me']: sign-out forgets every query but that one, and a History must not outlive its user. */
export const TIMELINE_KEY = ['timeline', 'mine'] as const;

/** The customer's own History, newest first, a page at a time (keyset cursor, never an offset). */
export const timelineQuery = infiniteQueryOptions({
  queryKey: TIMELINE_KEY,
  queryFn: ({ pageParam }) => {
    const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
    if (pageParam) params.set('before', pageParam);
    return api<TimelinePage>('GET', `/api/me/timeline?${params}`);
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  // A stage can change while the customer is away (an admin, a payment): ask on every visit.
  staleTime: 0,
});
