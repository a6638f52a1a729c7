import { z } from '@hono/zod-openapi';
import { bankReadinessSchema } from '../../../shared/contracts/bank-readiness';
import { safeText, TEXT_MAX } from '../../../shared/schemas/text';
import { adminRoute } from '../../platform/http/admin-door';
import { createRouter, errorResponses, jsonResponse } from '../../platform/http/openapi';
import { guarded } from '../../platform/http/route-kit';
import { readinessOf } from './bank-readiness.service';

const tags = ['bank-readiness'];

const customerParams = z.object({ userId: safeText(TEXT_MAX.token).min(1) });

// Every staff role reads the customer file (decision 0039), so support sees a founder's bank history there.
const customerReadiness = adminRoute('users.read', {
  method: 'get',
  path: '/customers/{userId}',
  tags,
  summary: "A customer's bank readiness for the customer file: addresses, the check per provider, applications",
  request: { params: customerParams },
  responses: { 200: jsonResponse(bankReadinessSchema, 'The readiness'), 400: errorResponses[400], ...guarded },
});

/** /api/admin/bank-readiness (decision 0084). */
export function bankReadinessAdminRoutes() {
  const router = createRouter();
  router.openapi(customerReadiness, async (c) =>
    c.json(await readinessOf(c.var.deps.database.db, c.req.valid('param').userId), 200),
  );
  return router;
}
