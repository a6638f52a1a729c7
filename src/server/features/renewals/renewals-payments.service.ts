import { serverToday } from '../../platform/clock';
import { onOrderPaid, settleOrdersOfKind } from '../payments';
import { settleRenewalOrder, syncSubscriptions } from './renewals.service';

/**
 * What renewals does when payments says an order is paid (decision 0082: payments publishes, renewals
 * listens, and payments never imports renewals). createApp calls this once per app; again replaces.
 */
export function listenToPayments(): void {
  settleOrdersOfKind('renewal', settleRenewalOrder);
  // A private address bought with the package starts its yearly subscription (decision 0054).
  onOrderPaid('renewals:private-address', async (deps, tx, order) => {
    if (order.kind === 'formation_package' && order.addressOption === 'private_address') {
      await syncSubscriptions(tx, serverToday(deps.env), order.userId);
    }
  });
}
