import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { STAFF_HOME } from '../../../shared/domain/permissions';
import { isStaff } from '../../../shared/domain/roles';
import {
  acceptInvitationSchema,
  invitationAcceptedSchema,
  invitationPeekSchema,
  invitationTokenSchema,
} from '../../../shared/features/staff/staff.contracts';
import { clientAddress } from '../../platform/http/client-address';
import type { AppEnv } from '../../platform/http/context';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { acceptInvitation, peekInvitation } from './staff.service';

const tags = ['auth'];

const peek = createRoute({
  method: 'post',
  path: '/peek',
  tags,
  summary: "An invitation link's address and role, before the invitee chooses a password (the token in the body)",
  request: jsonBody(invitationTokenSchema),
  responses: {
    200: jsonResponse(invitationPeekSchema, 'The open invitation'),
    400: jsonResponse(errorSchema, 'INVITATION_INVALID: unknown, used, cancelled or expired; or VALIDATION_FAILED'),
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS'),
  },
});

const accept = createRoute({
  method: 'post',
  path: '/accept',
  tags,
  summary: 'Join the staff with an invitation: name and password set, signed in, then on to the second factor',
  request: jsonBody(acceptInvitationSchema),
  responses: {
    201: jsonResponse(invitationAcceptedSchema, 'Joined; session cookie set'),
    400: jsonResponse(errorSchema, 'INVITATION_INVALID or VALIDATION_FAILED'),
    409: jsonResponse(errorResponses[400].content['application/json'].schema, 'EMAIL_TAKEN'),
    429: jsonResponse(errorSchema, 'TOO_MANY_REQUESTS'),
  },
});

/** Counted per address like the other unauthenticated forms; a token of 256 bits is not guessed. */
async function within(c: Context<AppEnv>): Promise<void> {
  if (!(await c.var.deps.rateLimiter.hit('signUpPerAddress', clientAddress(c))))
    throw new ApiError('TOO_MANY_REQUESTS');
}

/** /invite/:token's API (decision 0043): public, the token in the body is the credential. */
export function invitationsRoutes() {
  const router = createRouter();
  router.openapi(peek, async (c) => {
    await within(c);
    const { email, role } = await peekInvitation(c.var.deps.database.db, c.req.valid('json').token);
    return c.json({ email, role }, 200);
  });
  router.openapi(accept, async (c) => {
    await within(c);
    const body = c.req.valid('json');
    const account = await acceptInvitation(c.var.deps, {
      token: body.token,
      fullName: body.fullName,
      password: body.password,
      lang: c.var.lang,
    });
    const { headers } = await c.var.deps.auth.api.signInEmail({
      body: { email: account.email, password: body.password, rememberMe: false },
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    const home = isStaff(account.role) ? STAFF_HOME[account.role] : '/dashboard';
    return c.json(
      {
        user: {
          id: account.id,
          email: account.email,
          fullName: account.name,
          role: account.role,
          emailVerified: account.emailVerified,
          lang: account.lang,
        },
        // The second factor's set-up (decision 0042) continues to the role's desk.
        redirectTo: `/account/security?next=${encodeURIComponent(home)}`,
      },
      201,
    );
  });
  return router;
}
