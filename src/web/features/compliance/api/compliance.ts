import { queryOptions } from '@tanstack/react-query';
import type {
  CalendarFeed,
  ComplianceMark,
  ComplianceView,
} from '../../../../shared/features/compliance/compliance.contracts';
import { api } from '../../../lib/api';

export const COMPLIANCE_KEY = ['compliance', 'mine'] as const;
export const CALENDAR_FEED_KEY = ['compliance', 'feed'] as const;

/** GET /api/compliance/me (src/server/features/compliance/compliance.routes.ts). */
export const complianceQuery = queryOptions({
  queryKey: COMPLIANCE_KEY,
  queryFn: () => api<ComplianceView>('GET', '/api/compliance/me'),
});

export const calendarFeedQuery = queryOptions({
  queryKey: CALENDAR_FEED_KEY,
  queryFn: () => api<CalendarFeed>('GET', '/api/compliance/me/calendar'),
});

export function setItemDone(itemKey: string, done: boolean) {
  return api<ComplianceMark>(done ? 'PUT' : 'DELETE', `/api/compliance/me/items/${encodeURIComponent(itemKey)}/done`);
}

/** Creates the feed, or replaces it (the old URL then answers 404). */
export function regenerateCalendarFeed() {
  return api<CalendarFeed>('POST', '/api/compliance/me/calendar');
}
