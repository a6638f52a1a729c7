/*
 * What other features may use of payments (decision 0082): they import it from here, never from its files.
 */
export { OrderFlagBadge } from './components/OrderFlagBadge';
export { FormationPaymentBadge } from './components/OrderStatusBadge';
export { PaymentStatusBadge } from './components/PaymentStatusBadge';
export { TestModeBadge } from './components/TestModeBadge';
export { loadOrdersCard } from './lazy';
