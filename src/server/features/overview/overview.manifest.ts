import { t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { overviewRoutes } from './overview.routes';
import { adminOverviewRoutes } from './overview-counts.routes';

export const overviewFeature: ServerFeature = {
  name: 'overview',
  // The counts under /api/admin/overview, and the home's panels under /api/admin/home (decision 0083: the
  // admin home is one feature).
  admin: [
    { path: '/', routes: adminOverviewRoutes },
    { path: '/home', routes: overviewRoutes },
  ],
  personalData: [
    {
      store: t('ein_stage_waits', ['submitted_at', 'seconds']),
      what: 'how long the application waited in each stage (derived from stage_history by triggers)',
      export: { excluded: 'derived from history.json’s stage dates' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'history',
    },
  ],
};
