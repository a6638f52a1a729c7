import { createRoute } from '@hono/zod-openapi';
import { serviceListSchema, serviceResultSchema } from '../../../shared/features/services/services.contracts';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorSchema, jsonResponse } from '../../platform/http/openapi';
import { idParams } from '../../platform/http/route-kit';
import { findActiveService, listActiveServices, toServiceView } from './services.service';

const tags = ['services'];

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Active services, oldest first (public: the catalogue is browsable before signing in)',
  responses: { 200: jsonResponse(serviceListSchema, 'The catalogue') },
});

const getOne = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'One active service',
  request: { params: idParams },
  responses: {
    200: jsonResponse(serviceResultSchema, 'The service'),
    404: jsonResponse(errorSchema, 'SERVICE_NOT_FOUND: unknown or inactive'),
  },
});

export function servicesRoutes() {
  const router = createRouter();
  router.openapi(list, async (c) => {
    const rows = await listActiveServices(c.var.deps.database.db);
    return c.json({ services: rows.map(toServiceView) }, 200);
  });
  router.openapi(getOne, async (c) => {
    const row = await findActiveService(c.var.deps.database.db, c.req.valid('param').id);
    if (!row) throw new ApiError('SERVICE_NOT_FOUND');
    return c.json({ service: toServiceView(row) }, 200);
  });
  return router;
}
