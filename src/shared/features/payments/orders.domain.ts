import { ADDRESS_PRICES, type AddressOption, findPackage, type PackageId } from '../../catalogue/packages';

/**
 * Orders: what a customer pays for. Their status changes only from the payment provider's confirmed
 * word (decision 0012): pending → paid, pending → failed (an async payment failed), pending → cancelled
 * (the checkout expired or was abandoned).
 */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A renewal is a year of the registered agent or the private address (decisions 0053, 0054). */
export const ORDER_KINDS = ['service', 'formation_package', 'renewal'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * Why staff must look at a paid turnkey order that did not buy the request (decision 0032): the
 * request was already bought with the same package and address (`paid_twice`), or the order was for
 * another package or address than the one bought or last chosen (`different_package`). Such an order
 * is recorded paid (the money is in) and never changes the request.
 */
export const ORDER_FLAGS = ['paid_twice', 'different_package'] as const;
export type OrderFlag = (typeof ORDER_FLAGS)[number];

/** company_formations.payment_status (product.md#other-states): shown as a badge; set only by a confirmed payment. */
export const FORMATION_PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type FormationPaymentStatus = (typeof FORMATION_PAYMENT_STATUSES)[number];

/** Every order is charged in US dollars. */
export const ORDER_CURRENCY = 'usd';

/** The turnkey package's total: the package, plus the private address's first year when chosen. */
export function packageOrderAmount(pkg: PackageId, address: AddressOption): number {
  const found = findPackage(pkg);
  if (!found) throw new Error(`unknown package ${pkg}`);
  return found.price + ADDRESS_PRICES[address];
}

/** Live orders went through Stripe; test orders through the local TEST MODE checkout (never revenue). */
export const ADMIN_ORDER_MODES = ['live', 'test'] as const;
export type AdminOrderMode = (typeof ADMIN_ORDER_MODES)[number];
