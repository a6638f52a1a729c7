import { createRoute, z } from '@hono/zod-openapi';
import { EIN_STATUSES } from '../../../shared/domain/ein';
import { FORMATION_STATUSES } from '../../../shared/domain/formation';
import { isStaff } from '../../../shared/domain/roles';
import { guideCompletionSchema, onboardingSchema } from '../../../shared/schemas/formation';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import { toEinSummary } from '../ein/ein.mapper';
import { loadMyTimelines } from '../notices/stage-history.service';
import { myTimelinesSchema } from '../notices/stage-timeline.schemas';
import { readDashboardRecords } from './dashboard-read';
import { completeGuide, createFormation, toFormation } from './formations.service';
import { loadGuidesDone } from './guides-done';

export const formationSchema = z
  .object({
    id: z.string(),
    companyFormationPreference: z.enum(['service', 'self']),
    phoneNumber: z.string().nullable(),
    businessMotivation: z.string().nullable(),
    businessAddressPreference: z.enum(['shared_address', 'private_address']).nullable(),
    formationStatus: z.enum(FORMATION_STATUSES),
    stage: z.number().int().min(1).max(4),
    paymentStatus: z.enum(['pending', 'paid', 'failed']),
    businessName: z.string().nullable(),
    stateSelected: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The day the state approved the filing (YYYY-MM-DD), set by staff; null until then. */
    formedOn: z.string().nullable(),
    stateFileNumber: z.string().nullable(),
  })
  .openapi('Formation');

/** The dashboard's view of the EIN application; null while there is none. */
export const einSummarySchema = z
  .object({
    einStatus: z.enum(EIN_STATUSES),
    stage: z.number().int().min(1).max(5),
    hasPreparedSs4: z.boolean(),
    hasSignedSs4: z.boolean(),
    preparedSs4Url: z.string().nullable(),
    signedSs4Url: z.string().nullable(),
    einDocumentUrl: z.string().nullable(),
    /** The issued EIN as NN-NNNNNNN; null until staff enter it. */
    ein: z.string().nullable(),
  })
  .openapi('EinSummary');

const formationResult = z.object({ formation: formationSchema });
const myFormationResult = z.object({
  formation: formationSchema,
  einApplication: einSummarySchema.nullable(),
  /** Each stage's date and the current one's expected wait (issue 13). */
  timeline: myTimelinesSchema,
  /**
   * Whether the customer told the bank and address guides they are done (issue 13, the completion card);
   * null before process_completed, where nothing shows it.
   */
  guidesDone: z.object({ bankAccount: z.boolean(), businessAddress: z.boolean() }).nullable(),
});

const tags = ['formations'];

const create = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: "Onboarding's submit: create the user's one formation record",
  middleware: [requireUser()] as const,
  request: jsonBody(onboardingSchema),
  responses: {
    201: jsonResponse(formationResult, 'Created at preparation'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: jsonResponse(errorSchema, 'FORBIDDEN: admins do not form companies'),
    409: jsonResponse(errorSchema, 'FORMATION_EXISTS'),
  },
});

const getMine = createRoute({
  method: 'get',
  path: '/me',
  tags,
  summary: "The signed-in user's formation record (with its stage) and EIN summary",
  middleware: [requireUser()] as const,
  responses: {
    200: jsonResponse(myFormationResult, 'The formation'),
    401: errorResponses[401],
    404: jsonResponse(errorSchema, 'NOT_FOUND: no formation record yet'),
  },
});

const guideCompletion = createRoute({
  method: 'post',
  path: '/me/guide-completion',
  tags,
  summary: "The formation guide's last step: store feedback; a yes moves preparation → formation_completed",
  middleware: [requireUser()] as const,
  request: jsonBody(guideCompletionSchema),
  responses: {
    200: jsonResponse(formationResult, 'Feedback stored; the formation as it is now'),
    400: errorResponses[400],
    401: errorResponses[401],
    404: jsonResponse(errorSchema, 'NOT_FOUND: no formation record'),
    409: jsonResponse(errorSchema, 'INVALID_TRANSITION: already past preparation'),
  },
});

export function formationsRoutes() {
  const router = createRouter();

  router.openapi(create, async (c) => {
    const user = currentUser(c);
    if (isStaff(user.role)) throw new ApiError('FORBIDDEN');
    const row = await createFormation(c.var.deps.database.db, user, c.req.valid('json'));
    return c.json({ formation: toFormation(row) }, 201);
  });

  router.openapi(getMine, async (c) => {
    const user = currentUser(c);
    const { db } = c.var.deps.database;
    const records = await readDashboardRecords(db, user.id);
    if (!records) throw new ApiError('NOT_FOUND');
    const { formation: row, ein } = records;
    const timeline = await loadMyTimelines(db, row, ein);
    // Only the finished company's card uses it: the feedback tables have no user_id index yet.
    const guidesDone = row.formationStatus === 'process_completed' ? await loadGuidesDone(db, user.id) : null;
    return c.json(
      { formation: toFormation(row), einApplication: ein ? toEinSummary(ein) : null, timeline, guidesDone },
      200,
    );
  });

  router.openapi(guideCompletion, async (c) => {
    const user = currentUser(c);
    const row = await completeGuide(c.var.deps, user.id, c.req.valid('json'));
    return c.json({ formation: toFormation(row) }, 200);
  });

  return router;
}
