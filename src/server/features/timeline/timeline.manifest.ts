import type { ServerFeature } from '../../platform/feature';
import { timelineRoutes } from './timeline.routes';

export const timelineFeature: ServerFeature = {
  name: 'timeline',
  api: [{ path: '/api/me/timeline', routes: timelineRoutes }],
};
