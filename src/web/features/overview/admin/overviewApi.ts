import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  OverviewCare,
  OverviewDeadlines,
  OverviewFunnel,
  OverviewGrowth,
  OverviewIrs,
  OverviewMoney,
} from '../../../../shared/features/overview/overview.contracts';
import type { DayRange } from '../../../../shared/features/overview/overview.domain';
import { api } from '../../../lib/api';

const BASE = '/api/admin/home';

function panel<T>(name: string, range: DayRange | null, extra: Record<string, string | null> = {}) {
  const search = new URLSearchParams();
  if (range) {
    search.set('from', range.from);
    search.set('to', range.to);
  }
  for (const [k, v] of Object.entries(extra)) if (v) search.set(k, v);
  return queryOptions({
    queryKey: ['admin', 'home', name, range, extra],
    queryFn: () => api<T>('GET', `${BASE}/${name}${search.size ? `?${search}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

export const growthQuery = (range: DayRange) => panel<OverviewGrowth>('growth', range);
export const funnelQuery = (range: DayRange, link: string | null, utm: string | null) =>
  panel<OverviewFunnel>('funnel', range, { link, utm });
export const moneyQuery = (range: DayRange) => panel<OverviewMoney>('money', range);
export const irsQuery = (range: DayRange) => panel<OverviewIrs>('irs', range);
export const careQuery = (range: DayRange) => panel<OverviewCare>('care', range);
export const deadlinesQuery = () => panel<OverviewDeadlines>('deadlines', null);
