import type { ServerFeature } from '../../platform/feature';
import { servicesRoutes } from './services.routes';
import { servicesAdminRoutes } from './services-admin.routes';

export const servicesFeature: ServerFeature = {
  name: 'services',
  api: [{ path: '/api/services', routes: servicesRoutes }],
  admin: [{ path: '/services', routes: servicesAdminRoutes }],
};
