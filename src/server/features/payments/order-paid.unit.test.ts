import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { onOrderPaid, publishOrderPaid, settleOrdersOfKind, settlerOf } from './order-paid.service';
import type { OrderRow } from './orders.service';

/* Payments publishes a paid order and the selling feature listens (decision 0082). */

describe('the paid-order listeners', () => {
  const deps = {} as AppDeps;
  const tx = {} as Tx;
  const order = { id: 'o1', kind: 'renewal' } as OrderRow;

  it('refuses to settle a kind no feature registered for, so the payment rolls back', () => {
    expect(() => settlerOf('renewal')).toThrow('no feature settles paid orders of kind renewal');
  });

  it('settles with the one registered last, and tells each listener once', async () => {
    settleOrdersOfKind('renewal', async () => null);
    settleOrdersOfKind('renewal', async () => 'paid_twice');
    expect(await settlerOf('renewal')(deps, tx, order)).toBe('paid_twice');
    const heard: string[] = [];
    onOrderPaid('a', async (_d, _t, o) => void heard.push(`a:${o.id}`));
    onOrderPaid('a', async (_d, _t, o) => void heard.push(`a2:${o.id}`));
    onOrderPaid('b', async (_d, _t, o) => void heard.push(`b:${o.id}`));
    await publishOrderPaid(deps, tx, order);
    expect(heard).toEqual(['a2:o1', 'b:o1']);
  });
});
