import { CircleAlert, CircleCheck, CircleSlash, Clock } from 'lucide-react';
import type { SubscriptionStatus } from '../../../../shared/features/renewals/renewals.domain';
import type { BadgeStyle } from '../../../components/ui/StatusBadge';

/** Each subscription status's badge: the colour, and an icon that repeats it. */
export const STATUS_STYLES: Record<SubscriptionStatus, BadgeStyle> = {
  active: { tone: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', Icon: CircleCheck },
  renewal_due: { tone: 'bg-amber-50 text-amber-900 ring-amber-600/30', Icon: Clock },
  cancelled: { tone: 'bg-slate-100 text-slate-800 ring-slate-500/30', Icon: CircleSlash },
  lapsed: { tone: 'bg-red-50 text-red-800 ring-red-600/20', Icon: CircleAlert },
  ended: { tone: 'bg-slate-100 text-slate-700 ring-slate-500/20', Icon: CircleSlash },
};
