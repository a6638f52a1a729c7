/*
 * What other features may use of payments (decision 0082): they import it from here, never from its files.
 */
export { startCheckout } from './checkout.service';
export { onOrderPaid, settleOrdersOfKind } from './order-paid.service';
export type { OrderRow } from './orders.service';
export { listUserOrders, toAdminOrderView } from './orders.service';
