import { createRoute } from '@hono/zod-openapi';
import { okSchema } from '../../../shared/contracts/common';
import { isCustomer } from '../../../shared/domain/roles';
import {
  addressRoleParams,
  bankAddressInputSchema,
  bankApplicationInputSchema,
  bankReadinessSchema,
  packQuerySchema,
  recordedApplicationSchema,
  savedAddressSchema,
} from '../../../shared/features/bank-readiness/bank-readiness.contracts';
import { serverToday } from '../../platform/clock';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { notFound, signedInOnly } from '../../platform/http/route-kit';
import { currentUser, requireUser } from '../../platform/http/session';
import { toWebStream } from '../../platform/zip/zip-entries';
import { deleteAddress, readinessOf, recordApplication, saveAddress } from './bank-readiness.service';
import { packStream } from './bank-readiness-pack.service';

const tags = ['bank-readiness'];
const customersOnly = { 403: errorResponses[403] } as const;

const readiness = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "The company's addresses, the check per bank and payment provider, the applications recorded",
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(bankReadinessSchema, 'The readiness'), ...signedInOnly },
});

const putAddress = createRoute({
  method: 'put',
  path: '/addresses/{role}',
  tags,
  summary:
    "Save the company's address in a role (checked: a US address's state and ZIP, a country, no PO box where the role forbids one)",
  middleware: [requireUser()] as const,
  request: { params: addressRoleParams, ...jsonBody(bankAddressInputSchema) },
  responses: {
    200: jsonResponse(savedAddressSchema, 'Saved; form8822b when the IRS wants the change told'),
    400: errorResponses[400],
    ...signedInOnly,
    ...customersOnly,
  },
});

const removeAddress = createRoute({
  method: 'delete',
  path: '/addresses/{role}',
  tags,
  summary: "Remove the customer's own address in a role (what the portal knows in it shows again)",
  middleware: [requireUser()] as const,
  request: { params: addressRoleParams },
  responses: {
    200: jsonResponse(okSchema, 'Removed'),
    400: errorResponses[400],
    404: notFound('NOT_FOUND: no address of yours in that role'),
    ...signedInOnly,
    ...customersOnly,
  },
});

const postApplication = createRoute({
  method: 'post',
  path: '/applications',
  tags,
  summary: "Record where the customer applied and the provider's answer; after a refusal, the next provider",
  middleware: [requireUser()] as const,
  request: jsonBody(bankApplicationInputSchema),
  responses: {
    201: jsonResponse(recordedApplicationSchema, 'Recorded'),
    400: errorResponses[400],
    ...signedInOnly,
    ...customersOnly,
  },
});

const pack = createRoute({
  method: 'get',
  path: '/pack.zip',
  tags,
  summary: "The provider's document pack: the vault's files it asks for and a cover sheet of the company's facts",
  middleware: [requireUser()] as const,
  request: { query: packQuerySchema },
  responses: {
    200: {
      description: 'application/zip, as an attachment',
      content: { 'application/zip': { schema: { type: 'string' as const, format: 'binary' } } },
    },
    400: errorResponses[400],
    ...signedInOnly,
    ...customersOnly,
  },
});

/** Customers only: staff hold no company (support reads the history on the customer file). */
function customer(c: Parameters<typeof currentUser>[0]) {
  const user = currentUser(c);
  if (!isCustomer(user.role)) throw new ApiError('FORBIDDEN');
  return user;
}

/** /api/bank-readiness: the founder's readiness for each bank (decision 0084). */
export function bankReadinessRoutes() {
  const router = createRouter();
  router.openapi(readiness, async (c) => c.json(await readinessOf(c.var.deps.database.db, currentUser(c).id), 200));
  router.openapi(putAddress, async (c) => {
    const user = customer(c);
    const saved = await saveAddress(
      c.var.deps.database.db,
      user.id,
      c.req.valid('param').role,
      c.req.valid('json'),
      serverToday(c.var.deps.env),
    );
    return c.json(saved, 200);
  });
  router.openapi(removeAddress, async (c) => {
    const user = customer(c);
    await deleteAddress(c.var.deps.database.db, user.id, c.req.valid('param').role);
    return c.json({ ok: true as const }, 200);
  });
  router.openapi(postApplication, async (c) => {
    const user = customer(c);
    return c.json(await recordApplication(c.var.deps.database.db, user.id, c.req.valid('json')), 201);
  });
  router.openapi(pack, async (c) => {
    const user = customer(c);
    const { provider } = c.req.valid('query');
    const deps = c.var.deps;
    const stream = await packStream(deps, deps.database.db, user.id, provider);
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', `attachment; filename="bank-pack-${provider}.zip"`);
    c.header('Cache-Control', 'no-store');
    return c.body(toWebStream(stream), 200);
  });
  return router;
}
