import type { ServerFeature } from '../../platform/feature';
import { meRoutes } from './me.routes';

export const meFeature: ServerFeature = {
  name: 'me',
  api: [{ path: '/api/me', routes: meRoutes }],
};
