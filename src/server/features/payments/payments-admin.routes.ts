import { adminOrderListSchema, adminOrderResultSchema } from '../../../shared/features/payments/payments.contracts';
import { recordAudit } from '../../platform/audit';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorSchema, jsonResponse } from '../../platform/http/openapi';
import { guarded, idParams } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { reconcileOrder } from './fulfil.service';
import { findOrder, listUserOrders, toAdminOrderView } from './orders.service';

const tags = ['admin'];

const userOrders = adminRoute('orders.read', {
  method: 'get',
  path: '/users/{id}/orders',
  tags,
  summary: "A user's orders with the provider's ids, newest first",
  request: { params: idParams },
  responses: { 200: jsonResponse(adminOrderListSchema, 'The orders'), ...guarded },
});

const recheck = adminRoute('orders.recheck', {
  method: 'post',
  path: '/orders/{id}/recheck',
  tags,
  summary: 'Ask the payment provider about a pending order and confirm it when paid (the same fulfil as the webhook)',
  request: { params: idParams },
  responses: {
    200: jsonResponse(adminOrderResultSchema, 'The order after the check'),
    404: jsonResponse(errorSchema, 'ORDER_NOT_FOUND'),
    502: jsonResponse(errorSchema, 'PAYMENT_PROVIDER_FAILED'),
    ...guarded,
  },
});

export function paymentsAdminRoutes() {
  const router = createRouter();
  router.openapi(userOrders, async (c) => {
    const rows = await listUserOrders(c.var.deps.database.db, c.req.valid('param').id);
    return c.json({ orders: rows.map(toAdminOrderView) }, 200);
  });
  router.openapi(recheck, async (c) => {
    const admin = currentUser(c);
    const deps = c.var.deps;
    const order = await findOrder(deps.database.db, c.req.valid('param').id);
    if (!order) throw new ApiError('ORDER_NOT_FOUND');
    let after = order;
    try {
      after = await reconcileOrder(deps, order, `admin_recheck:${admin.id}`);
    } catch (err) {
      deps.logger.warn({ err, orderId: order.id }, 'order re-check could not reach the payment provider');
      throw new ApiError('PAYMENT_PROVIDER_FAILED');
    }
    await recordAudit(deps.database.db, {
      actorId: admin.id,
      actorRole: admin.role,
      action: 'order.rechecked',
      entityType: 'order',
      entityId: order.id,
      subjectUserId: order.userId,
      before: { status: order.status },
      after: { status: after.status },
    });
    return c.json({ order: toAdminOrderView(after) }, 200);
  });
  return router;
}
