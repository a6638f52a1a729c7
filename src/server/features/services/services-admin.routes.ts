import {
  adminServiceListQuerySchema,
  adminServiceListSchema,
  adminServiceResultSchema,
  STRIPE_PRICE_REQUIRED,
  serviceInputSchema,
  serviceRemovalSchema,
  serviceUpdateSchema,
} from '../../../shared/features/services/services.contracts';
import type { Env } from '../../env';
import { recordAudit } from '../../platform/audit';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { listRoute } from '../../platform/http/list-route';
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, idParams, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import {
  createService,
  deleteOrDeactivateService,
  findAdminService,
  listAdminServices,
  toAdminServiceView,
  updateService,
} from './services.service';

const tags = ['admin'];

/** With real Stripe, Checkout sells the service's Stripe price, so it needs one (product.md#service-form-rules). */
const stripePriceRequired = (env: Env) => Boolean(env.STRIPE_SECRET_KEY);

const list = listRoute('services.manage', {
  summary: 'Every service, newest first, with its order count; q searches the texts (Turkish letters folded)',
  query: adminServiceListQuerySchema,
  page: adminServiceListSchema,
});

const create = adminRoute('services.manage', {
  method: 'post',
  path: '/',
  tags,
  summary: 'Create a service',
  request: jsonBody(serviceInputSchema),
  responses: { 201: jsonResponse(adminServiceResultSchema, 'Created'), 400: errorResponses[400], ...guarded },
});

const update = adminRoute('services.manage', {
  method: 'patch',
  path: '/{id}',
  tags,
  summary: 'Change a service (the fields sent); the active toggle sends { isActive } alone',
  request: { params: idParams, ...jsonBody(serviceUpdateSchema) },
  responses: {
    200: jsonResponse(adminServiceResultSchema, 'Updated'),
    400: errorResponses[400],
    404: notFound('SERVICE_NOT_FOUND'),
    ...guarded,
  },
});

const remove = adminRoute('services.manage', {
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Delete a service; one with orders is deactivated instead',
  request: { params: idParams },
  responses: {
    200: jsonResponse(serviceRemovalSchema, 'What was done'),
    404: notFound('SERVICE_NOT_FOUND'),
    ...guarded,
  },
});

export function servicesAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    const services = await listAdminServices(c.var.deps.database.db, c.req.valid('query'));
    return c.json({ services, stripePriceIdRequired: stripePriceRequired(c.var.deps.env) }, 200);
  });

  router.openapi(create, async (c) => {
    const admin = currentUser(c);
    const input = c.req.valid('json');
    if (stripePriceRequired(c.var.deps.env) && !input.stripePriceId) {
      throw new ApiError('VALIDATION_FAILED', { stripePriceId: STRIPE_PRICE_REQUIRED });
    }
    const { db } = c.var.deps.database;
    const row = await createService(db, input);
    await recordAudit(db, {
      actorId: admin.id,
      actorRole: admin.role,
      action: 'service.created',
      entityType: 'service',
      entityId: row.id,
      after: row,
    });
    return c.json({ service: toAdminServiceView(row, 0) }, 201);
  });

  router.openapi(update, async (c) => {
    const admin = currentUser(c);
    const input = c.req.valid('json');
    const { id } = c.req.valid('param');
    if (stripePriceRequired(c.var.deps.env) && 'stripePriceId' in input && !input.stripePriceId) {
      throw new ApiError('VALIDATION_FAILED', { stripePriceId: STRIPE_PRICE_REQUIRED });
    }
    const { db } = c.var.deps.database;
    const before = await findAdminService(db, id);
    if (!before) throw new ApiError('SERVICE_NOT_FOUND');
    const row = await updateService(db, id, input);
    if (!row) throw new ApiError('SERVICE_NOT_FOUND');
    await recordAudit(db, {
      actorId: admin.id,
      actorRole: admin.role,
      action: 'service.updated',
      entityType: 'service',
      entityId: row.id,
      before: before.row,
      after: row,
    });
    return c.json({ service: toAdminServiceView(row, before.orderCount) }, 200);
  });

  router.openapi(remove, async (c) => {
    const admin = currentUser(c);
    const { db } = c.var.deps.database;
    const result = await deleteOrDeactivateService(db, c.req.valid('param').id);
    if (!result) throw new ApiError('SERVICE_NOT_FOUND');
    await recordAudit(db, {
      actorId: admin.id,
      actorRole: admin.role,
      action: result.outcome === 'deleted' ? 'service.deleted' : 'service.deactivated',
      entityType: 'service',
      entityId: result.before.id,
      before: result.before,
    });
    return c.json({ outcome: result.outcome }, 200);
  });

  return router;
}
