import { createRoute } from '@hono/zod-openapi';
import { orderListSchema } from '../../../shared/features/payments/payments.contracts';
import { createRouter, errorResponses, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import { listUserOrders, toOrderView } from './orders.service';

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['payments'],
  summary: "The signed-in customer's orders, newest first",
  middleware: [requireUser()] as const,
  responses: {
    200: jsonResponse(orderListSchema, 'The orders'),
    401: errorResponses[401],
  },
});

export function ordersRoutes() {
  const router = createRouter();
  router.openapi(list, async (c) => {
    const rows = await listUserOrders(c.var.deps.database.db, currentUser(c).id);
    return c.json({ orders: rows.map(toOrderView) }, 200);
  });
  return router;
}
