import type { ServerFeature } from '../../platform/feature';
import { guidesRoutes } from './guides.routes';

export const guidesFeature: ServerFeature = {
  name: 'guides',
  api: [{ path: '/api/guides', routes: guidesRoutes }],
};
