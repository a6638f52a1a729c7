import { createRoute } from '@hono/zod-openapi';
import { urlResult } from '../../../shared/features/payments/payments.contracts';
import {
  draftResultSchema,
  formationServiceCheckoutSchema,
  formationServiceDraftSchema,
  savedDraftSchema,
} from '../../../shared/features/turnkey/turnkey.contracts';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import { startCheckout } from '../payments';
import { findDraft, findPurchase, isBought, requireFormation, saveDraft, toDraft } from './turnkey.service';

const tags = ['formation-service'];
const formationRequired = jsonResponse(errorSchema, 'FORMATION_REQUIRED: onboarding not done');

const getDraft = createRoute({
  method: 'get',
  path: '/draft',
  tags,
  summary: "The turnkey wizard's saved draft (null when none) and the formation status",
  middleware: [requireUser()] as const,
  responses: {
    200: jsonResponse(draftResultSchema, 'The draft'),
    401: errorResponses[401],
    409: formationRequired,
  },
});

const putDraft = createRoute({
  method: 'put',
  path: '/draft',
  tags,
  summary: 'Save the wizard draft (insert or update; omitted fields keep their value, null clears)',
  middleware: [requireUser()] as const,
  request: jsonBody(formationServiceDraftSchema),
  responses: {
    200: jsonResponse(savedDraftSchema, 'Saved'),
    400: errorResponses[400],
    401: errorResponses[401],
    409: jsonResponse(
      errorSchema,
      'FORMATION_REQUIRED: onboarding not done; TURNKEY_REQUEST_PAID: the request is paid and no longer editable',
    ),
  },
});

const checkout = createRoute({
  method: 'post',
  path: '/checkout',
  tags,
  summary: 'Wizard step 5: save the choices and open a checkout for the package (plus the private address)',
  description:
    "The amount comes from the catalogue: $389 or $589, plus $100 for the first year of a private address. The formation turns paid only on the payment provider's confirmed word.",
  middleware: [requireUser()] as const,
  request: jsonBody(formationServiceCheckoutSchema),
  responses: {
    200: jsonResponse(urlResult, 'Where to send the browser'),
    400: errorResponses[400],
    401: errorResponses[401],
    409: jsonResponse(errorSchema, 'FORMATION_REQUIRED: onboarding not done; ALREADY_PAID: the package is paid'),
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS'),
    502: jsonResponse(errorSchema, 'PAYMENT_PROVIDER_FAILED: the draft is saved, no checkout was opened'),
  },
});

export function turnkeyRoutes() {
  const router = createRouter();

  router.openapi(getDraft, async (c) => {
    const user = currentUser(c);
    const { db } = c.var.deps.database;
    const formation = await requireFormation(db, user.id);
    const draft = await findDraft(db, user.id);
    const purchase = await findPurchase(db, draft);
    const view = draft ? toDraft(draft) : null;
    // What was bought is the order's, whatever the row says.
    const shown =
      view && purchase
        ? { ...view, packageSelected: purchase.packageId, businessAddress: purchase.addressOption }
        : view;
    return c.json({ draft: shown, purchase, formationStatus: formation.formationStatus }, 200);
  });

  router.openapi(putDraft, async (c) => {
    const user = currentUser(c);
    const { db } = c.var.deps.database;
    const formation = await requireFormation(db, user.id);
    if (formation.paymentStatus === 'paid') throw new ApiError('TURNKEY_REQUEST_PAID');
    const draft = await saveDraft(db, user, c.req.valid('json'));
    return c.json({ draft: toDraft(draft) }, 200);
  });

  router.openapi(checkout, async (c) => {
    const user = currentUser(c);
    const body = c.req.valid('json');
    const deps = c.var.deps;
    const { db } = deps.database;
    const formation = await requireFormation(db, user.id);
    if (formation.paymentStatus === 'paid' || isBought(await findDraft(db, user.id))) {
      throw new ApiError('ALREADY_PAID');
    }
    if (!(await deps.rateLimiter.hit('checkoutPerUser', user.id))) throw new ApiError('TOO_MANY_REQUESTS');
    const draft = await saveDraft(db, user, body);
    const { url } = await startCheckout(deps, user, {
      kind: 'formation_package',
      packageId: body.packageSelected,
      addressOption: body.businessAddress,
    });
    await recordAudit(db, {
      actorId: user.id,
      actorRole: user.role,
      action: 'formation_service.checkout_started',
      entityType: 'formation_service_request',
      entityId: draft.id,
      subjectUserId: user.id,
      after: {
        packageSelected: body.packageSelected,
        stateSelected: body.stateSelected,
        businessAddress: body.businessAddress,
      },
    });
    return c.json({ url }, 200);
  });

  return router;
}
