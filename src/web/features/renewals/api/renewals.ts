import { queryOptions } from '@tanstack/react-query';
import type {
  CancelSubscriptionInput,
  SubscriptionList,
  SubscriptionView,
} from '../../../../shared/features/renewals/renewals.contracts';
import { api } from '../../../lib/api';

export type { SubscriptionView } from '../../../../shared/features/renewals/renewals.contracts';

export const SUBSCRIPTIONS_KEY = ['renewals', 'mine'] as const;

export const subscriptionsQuery = queryOptions({
  queryKey: SUBSCRIPTIONS_KEY,
  queryFn: () => api<SubscriptionList>('GET', '/api/renewals'),
  staleTime: 0,
});

/** "Renew for a year": the checkout's url (Stripe Checkout, or the local TEST MODE page). */
export const renewSubscription = (id: string) => api<{ url: string }>('POST', `/api/renewals/${id}/checkout`, {});

export const cancelSubscription = (id: string, body: CancelSubscriptionInput) =>
  api<{ ok: true }>('POST', `/api/renewals/${id}/cancel`, body);

export const resumeSubscription = (id: string) => api<{ ok: true }>('POST', `/api/renewals/${id}/resume`, {});

/** The subscriptions whose renewal the customer should see now (the dashboard card). */
export function noticed(list: SubscriptionList | undefined): SubscriptionView[] {
  return list?.subscriptions.filter((s) => s.noticeShown) ?? [];
}
