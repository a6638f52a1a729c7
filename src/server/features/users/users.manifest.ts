import type { ServerFeature } from '../../platform/feature';
import { usersAdminRoutes } from './users-admin.routes';

export const usersFeature: ServerFeature = {
  name: 'users',
  admin: [{ path: '/users', routes: usersAdminRoutes }],
};
