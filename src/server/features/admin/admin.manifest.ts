import type { ServerFeature } from '../../platform/feature';
import { adminOverviewRoutes } from './admin.routes';

export const adminFeature: ServerFeature = {
  name: 'admin',
  admin: [{ path: '/', routes: adminOverviewRoutes }],
};
