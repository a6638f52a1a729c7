import type { OrderFlag, OrderKind } from '../../../shared/features/payments/orders.domain';
import type { Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import type { OrderRow } from './orders.service';

/*
 * Payments publishes "this order is paid"; the feature that sold the order listens (decision 0082).
 * The cause runs one way: payments imports none of its listeners (renewals imports payments to start
 * a renewal's checkout), so the two never import each other. createApp registers the listeners before
 * the first request; registering again replaces (tests build many apps in one process).
 */

/** Settles a paid order of a kind its feature sold, in the fulfilment's transaction; a flag asks staff to look. */
export type OrderSettler = (deps: AppDeps, tx: Tx, order: OrderRow) => Promise<OrderFlag | null>;
/** Runs after any order is paid without a flag, in the same transaction. */
export type PaidOrderListener = (deps: AppDeps, tx: Tx, order: OrderRow) => Promise<void>;

/** The kinds another feature settles; payments settles formation packages itself. */
type SettledElsewhere = Exclude<OrderKind, 'formation_package' | 'service'>;

const settlers = new Map<SettledElsewhere, OrderSettler>();
const listeners = new Map<string, PaidOrderListener>();

export function settleOrdersOfKind(kind: SettledElsewhere, settler: OrderSettler): void {
  settlers.set(kind, settler);
}

export function onOrderPaid(listenerName: string, listener: PaidOrderListener): void {
  listeners.set(listenerName, listener);
}

/**
 * The settlement of a paid order of another feature's kind. None registered is a wiring fault: it throws,
 * so the transaction rolls back and the provider's retry finds the order still pending.
 */
export function settlerOf(kind: SettledElsewhere): OrderSettler {
  const settler = settlers.get(kind);
  if (!settler) throw new Error(`no feature settles paid orders of kind ${kind}`);
  return settler;
}

export async function publishOrderPaid(deps: AppDeps, tx: Tx, order: OrderRow): Promise<void> {
  for (const listener of listeners.values()) await listener(deps, tx, order);
}
