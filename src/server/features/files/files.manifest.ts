import type { ServerFeature } from '../../platform/feature';
import { filesRoutes } from './files.routes';

export const filesFeature: ServerFeature = {
  name: 'files',
  api: [{ path: '/api/files', routes: filesRoutes }],
};
