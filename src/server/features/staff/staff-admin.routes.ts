import { z } from '@hono/zod-openapi';
import {
  changeStaffRoleSchema,
  inviteStaffSchema,
  staffListSchema,
} from '../../../shared/features/staff/staff.contracts';
import { adminRoute } from '../../platform/http/admin-door';
import { createRouter, errorResponses, errorSchema, jsonBody, jsonResponse } from '../../platform/http/openapi';
import { guarded, idParams, notFound } from '../../platform/http/route-kit';
import { currentUser } from '../../platform/http/session';
import {
  cancelInvitation,
  changeStaffRole,
  deactivateStaff,
  inviteStaff,
  listStaff,
  reactivateStaff,
  resendInvitation,
} from './staff.service';

const tags = ['admin'];
const okBody = z.object({ ok: z.literal(true) });
const conflict = (description: string) => jsonResponse(errorSchema, description);

const list = adminRoute('staff.manage', {
  method: 'get',
  path: '/',
  tags,
  summary: 'Every staff member (active first) and every open invitation',
  responses: { 200: jsonResponse(staffListSchema, 'The staff'), ...guarded },
});

const invite = adminRoute('staff.manage', {
  method: 'post',
  path: '/invitations',
  tags,
  summary: 'Invite an address as a role: a mail with a single-use link valid 72 hours (the token is kept hashed)',
  request: jsonBody(inviteStaffSchema),
  responses: {
    201: jsonResponse(z.object({ invitation: z.object({ id: z.string() }) }), 'Invited'),
    400: errorResponses[400],
    ...guarded,
    409: conflict('EMAIL_TAKEN (the address has an account) or INVITATION_PENDING (resend the open one)'),
  },
});

const resend = adminRoute('staff.manage', {
  method: 'post',
  path: '/invitations/{id}/resend',
  tags,
  summary: 'A new link for an open invitation, valid 72 hours from now; the old link stops working',
  request: { params: idParams },
  responses: { 200: jsonResponse(okBody, 'Sent again'), ...guarded, 404: notFound() },
});

const cancel = adminRoute('staff.manage', {
  method: 'delete',
  path: '/invitations/{id}',
  tags,
  summary: 'Cancel an open invitation: its link stops working and the invitee is told',
  request: { params: idParams },
  responses: { 200: jsonResponse(okBody, 'Cancelled'), ...guarded, 404: notFound() },
});

const changeRole = adminRoute('staff.manage', {
  method: 'put',
  path: '/members/{id}/role',
  tags,
  summary: "Change a member's role, at once; the member is mailed",
  request: { params: idParams, ...jsonBody(changeStaffRoleSchema) },
  responses: {
    200: jsonResponse(okBody, 'Changed'),
    400: errorResponses[400],
    ...guarded,
    404: notFound(),
    409: conflict('LAST_OWNER: the last active owner cannot be demoted'),
  },
});

const deactivate = adminRoute('staff.manage', {
  method: 'post',
  path: '/members/{id}/deactivate',
  tags,
  summary: 'Deactivate a member: every session of theirs ends at once and sign-in refuses them',
  request: { params: idParams },
  responses: {
    200: jsonResponse(okBody, 'Deactivated (or was already)'),
    ...guarded,
    404: notFound(),
    409: conflict('LAST_OWNER: the last active owner cannot be deactivated'),
  },
});

const reactivate = adminRoute('staff.manage', {
  method: 'post',
  path: '/members/{id}/reactivate',
  tags,
  summary: 'Reactivate a member: they may sign in again',
  request: { params: idParams },
  responses: { 200: jsonResponse(okBody, 'Reactivated (or was already active)'), ...guarded, 404: notFound() },
});

/** /admin/staff: the owner invites, changes roles, deactivates and reactivates (decision 0043). */
export function staffAdminRoutes() {
  const router = createRouter();
  const actorOf = (c: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(c);
    return { id: user.id, role: user.role };
  };
  router.openapi(list, async (c) => c.json(await listStaff(c.var.deps.database.db), 200));
  router.openapi(invite, async (c) => {
    const body = c.req.valid('json');
    const { id } = await inviteStaff(c.var.deps, actorOf(c), { email: body.email, role: body.role, lang: body.lang });
    return c.json({ invitation: { id } }, 201);
  });
  router.openapi(resend, async (c) => {
    await resendInvitation(c.var.deps, actorOf(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });
  router.openapi(cancel, async (c) => {
    await cancelInvitation(c.var.deps, actorOf(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });
  router.openapi(changeRole, async (c) => {
    await changeStaffRole(c.var.deps, actorOf(c), c.req.valid('param').id, c.req.valid('json').role);
    return c.json({ ok: true as const }, 200);
  });
  router.openapi(deactivate, async (c) => {
    await deactivateStaff(c.var.deps, actorOf(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });
  router.openapi(reactivate, async (c) => {
    await reactivateStaff(c.var.deps, actorOf(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });
  return router;
}
