import type { ServerFeature } from '../../platform/feature';
import { ss4AdminRoutes } from './ss4-admin.routes';

export const ss4Feature: ServerFeature = {
  name: 'ss4',
  admin: [{ path: '/ein-applications', routes: ss4AdminRoutes }],
};
