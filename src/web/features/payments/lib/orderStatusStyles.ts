import { CircleCheck, CircleX, Clock, Undo2 } from 'lucide-react';
import type { OrderStatus } from '../../../../shared/features/payments/orders.domain';
import type { BadgeStyle } from '../../../components/ui/StatusBadge';

// Pending yellow, paid green, failed red, cancelled grey: for the customer and for staff alike (a
// module of its own, so that neither side's badge brings the other's words).
export const ORDER_STATUS_STYLES: Record<OrderStatus, BadgeStyle> = {
  pending: { tone: 'bg-amber-50 text-amber-900 ring-amber-200', Icon: Clock },
  paid: { tone: 'bg-emerald-50 text-emerald-900 ring-emerald-200', Icon: CircleCheck },
  failed: { tone: 'bg-red-50 text-red-900 ring-red-200', Icon: CircleX },
  cancelled: { tone: 'bg-slate-100 text-slate-700 ring-slate-300', Icon: Undo2 },
};
