import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import { isCustomer } from '../../../shared/domain/roles';
import {
  checkoutUrlSchema,
  forwardingAddressSchema,
  letterDecisionSchema,
  letterIdParams,
  letterListSchema,
  letterViewSchema,
  mailSettingsSchema,
  standingRulesSchema,
} from '../../../shared/features/mail/mail.contracts';
import type { Db } from '../../db/client';
import { serverToday } from '../../platform/clock';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import type { FileStorage } from '../../platform/storage/storage';
import { decideLetter, myLetters, ownEnvelope } from './mail.service';
import { mailSettings, requestForwarding, saveForwardingAddress, saveStandingRules } from './mail-forwarding.service';
import { requestScanCheckout } from './mail-scans.service';

const tags = ['mail'];
const notFound = jsonResponse(errorSchema, 'NOT_FOUND: not one of your letters');

const list = createRoute({
  method: 'get',
  path: '/letters',
  tags,
  summary: "The signed-in customer's letters: sender, kind, arrival, pages, state, computed deadlines, the scan",
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(letterListSchema, 'The letters, newest first'), 401: errorResponses[401] },
});

const decision = createRoute({
  method: 'post',
  path: '/letters/{id}/decision',
  tags,
  summary: 'The customer decides what happens to the paper: scan, shred or hold',
  middleware: [requireUser()] as const,
  request: { params: letterIdParams, ...jsonBody(letterDecisionSchema) },
  responses: {
    200: jsonResponse(z.object({ letter: letterViewSchema }), 'Decided'),
    400: errorResponses[400],
    401: errorResponses[401],
    404: notFound,
    409: jsonResponse(
      errorSchema,
      "INVALID_TRANSITION: not possible in its state; SCAN_PAYMENT_REQUIRED: the month's included scans are used up",
    ),
  },
});

const envelope = createRoute({
  method: 'get',
  path: '/letters/{id}/envelope',
  tags,
  summary: "The photo of one of the customer's own envelopes",
  middleware: [requireUser()] as const,
  request: { params: letterIdParams },
  responses: {
    200: { description: 'The photo', content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } } },
    400: errorResponses[400],
    401: errorResponses[401],
    404: notFound,
  },
});

const forward = createRoute({
  method: 'post',
  path: '/letters/{id}/forward',
  tags,
  summary: "Forward a letter to the saved address: a checkout at its weight band's catalogue price (decision 0089)",
  description:
    'Answers the payment page. The letter waits (forward_requested) and becomes to_forward only when the payment webhook confirms the order.',
  middleware: [requireUser()] as const,
  request: { params: letterIdParams },
  responses: {
    200: jsonResponse(checkoutUrlSchema, 'The payment page'),
    400: errorResponses[400],
    401: errorResponses[401],
    404: notFound,
    409: jsonResponse(
      errorSchema,
      'INVALID_TRANSITION (not forwardable now), FORWARDING_ADDRESS_REQUIRED or FORWARDING_UNAVAILABLE (its band is not on sale)',
    ),
    403: errorResponses[403],
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS: checkouts started too often'),
    502: jsonResponse(errorSchema, 'PAYMENT_PROVIDER_FAILED'),
  },
});

const scanCheckout = createRoute({
  method: 'post',
  path: '/letters/{id}/scan-checkout',
  tags,
  summary:
    "Pay for a scan beyond the month's included scans: a checkout at the extra scan's catalogue price (decision 0099)",
  description:
    'Answers the payment page. The letter keeps its state and becomes scan_requested only when the payment webhook confirms the order.',
  middleware: [requireUser()] as const,
  request: { params: letterIdParams },
  responses: {
    200: jsonResponse(checkoutUrlSchema, 'The payment page'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
    409: jsonResponse(
      errorSchema,
      'INVALID_TRANSITION (no scan asked in its state), SCAN_INCLUDED (still within the month: no payment) or SCAN_UNAVAILABLE (not on sale)',
    ),
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS: checkouts started too often'),
    502: jsonResponse(errorSchema, 'PAYMENT_PROVIDER_FAILED'),
  },
});

const settings = createRoute({
  method: 'get',
  path: '/settings',
  tags,
  summary: "The customer's forwarding address and standing rules",
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(mailSettingsSchema, 'The settings'), 401: errorResponses[401] },
});

const saveAddress = createRoute({
  method: 'put',
  path: '/settings/address',
  tags,
  summary: 'Save the forwarding address (anywhere in the world; the country as its ISO code)',
  middleware: [requireUser()] as const,
  request: jsonBody(forwardingAddressSchema),
  responses: {
    200: jsonResponse(mailSettingsSchema, 'Saved'),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

const saveRules = createRoute({
  method: 'put',
  path: '/settings/rules',
  tags,
  summary: 'Save the standing rules: always scan IRS and state letters; shred advertising',
  middleware: [requireUser()] as const,
  request: jsonBody(standingRulesSchema),
  responses: {
    200: jsonResponse(mailSettingsSchema, 'Saved'),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

/** An envelope photo answered inline (an image the page shows), never cached. */
export async function envelopeResponse(
  deps: { database: { db: Db }; storage: FileStorage },
  userId: string | null,
  id: string,
): Promise<Response> {
  const found = await ownEnvelope(deps.database.db, userId, id);
  if (!found) throw new ApiError('NOT_FOUND');
  const file = await deps.storage.get(found.key);
  if (!file) throw new ApiError('NOT_FOUND');
  return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'Content-Type': found.contentType,
      'Content-Length': String(file.size),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** The customer's mail page (decision 0086). app.ts mounts it at /api/mail. */
export function mailRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    const user = currentUser(c);
    return c.json(await myLetters(c.var.deps.database.db, user.id, serverToday(c.var.deps.env)), 200);
  });

  router.openapi(decision, async (c) => {
    const user = currentUser(c);
    const letter = await decideLetter(c.var.deps, user, c.req.valid('param').id, c.req.valid('json').decision);
    return c.json({ letter }, 200);
  });

  router.openapi(forward, async (c) => {
    const user = currentUser(c);
    if (!isCustomer(user.role)) throw new ApiError('FORBIDDEN');
    return c.json(await requestForwarding(c.var.deps, user, c.req.valid('param').id), 200);
  });

  router.openapi(scanCheckout, async (c) => {
    const user = currentUser(c);
    if (!isCustomer(user.role)) throw new ApiError('FORBIDDEN');
    return c.json(await requestScanCheckout(c.var.deps, user, c.req.valid('param').id), 200);
  });

  router.openapi(settings, async (c) => c.json(await mailSettings(c.var.deps.database.db, currentUser(c).id), 200));

  router.openapi(saveAddress, async (c) =>
    c.json(await saveForwardingAddress(c.var.deps, currentUser(c), c.req.valid('json')), 200),
  );

  router.openapi(saveRules, async (c) =>
    c.json(await saveStandingRules(c.var.deps, currentUser(c), c.req.valid('json')), 200),
  );

  router.openapi(envelope, async (c) => {
    const user = currentUser(c);
    return (await envelopeResponse(c.var.deps, user.id, c.req.valid('param').id)) as never;
  });

  return router;
}
