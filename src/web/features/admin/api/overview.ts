import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface AdminOverview {
  users: number;
  admins: number;
  formations: number;
}

export const overviewQuery = queryOptions({
  queryKey: ['admin', 'overview'],
  queryFn: () => api<AdminOverview>('GET', '/api/admin/overview'),
});

export function useAdminOverview() {
  return useQuery(overviewQuery);
}
