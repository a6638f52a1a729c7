import {
  adminEinFollowUpListSchema,
  adminEinFollowUpSchema,
  einFollowUpInputSchema,
} from '../../../shared/features/ein/ein-follow-ups.contracts';
import { adminRoute } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, idParams, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import { findAdminRow } from './ein-admin.service';
import { listFollowUps, recordFollowUp } from './ein-follow-ups.service';

const tags = ['admin'];

const list = adminRoute('ein.read', {
  method: 'get',
  path: '/{id}/follow-ups',
  tags,
  summary: "An EIN application's follow-ups with the IRS, oldest first, internal notes included",
  request: { params: idParams },
  responses: {
    200: jsonResponse(adminEinFollowUpListSchema, 'The log'),
    404: notFound(),
    ...guarded,
  },
});

const record = adminRoute('ein.process', {
  method: 'post',
  path: '/{id}/follow-ups',
  tags,
  summary:
    'Record a follow-up with the IRS (call, SS-4 faxed again, letter) on an application at submitted_to_irs; audited, mails the customer once',
  request: { params: idParams, ...jsonBody(einFollowUpInputSchema) },
  responses: {
    201: jsonResponse(adminEinFollowUpSchema, 'Recorded'),
    400: errorResponses[400],
    404: notFound(),
    409: jsonResponse(errorSchema, 'EIN_NOT_AT_IRS: the application is not at submitted_to_irs'),
    ...guarded,
  },
});

/** Decision 0050: the EIN desk's follow-up log, behind the admin door next to the desk's other operations. */
export function einFollowUpsAdminRoutes() {
  const router = createRouter();

  router.openapi(list, async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.var.deps.database;
    if (!(await findAdminRow(db, id))) throw new ApiError('NOT_FOUND');
    return c.json({ items: await listFollowUps(db, id) }, 200);
  });

  router.openapi(record, async (c) => {
    const admin = currentUser(c);
    const followUp = await recordFollowUp(
      c.var.deps,
      { id: admin.id, role: 'admin' },
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(followUp, 201);
  });

  return router;
}
