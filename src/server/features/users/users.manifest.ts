import { adminUserListQuerySchema } from '../../../shared/features/users/users-admin.contracts';
import type { ServerFeature } from '../../platform/feature';
import { deskFirstCall } from '../../platform/first-calls';
import { userDeskPage, usersAdminRoutes } from './users-admin.routes';

export const usersFeature: ServerFeature = {
  name: 'users',
  admin: [{ path: '/users', routes: usersAdminRoutes }],
  firstCalls: { 'admin/users': deskFirstCall('users', 'users.read', adminUserListQuerySchema, userDeskPage) },
};
