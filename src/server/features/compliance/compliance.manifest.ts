import { t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import { adminDeadlineListQuerySchema } from '../../../shared/features/compliance/compliance.contracts';
import type { ServerFeature } from '../../platform/feature';
import { deskFirstCall } from '../../platform/first-calls';
import { mountCalendarFeed } from './calendar-feed.routes';
import { complianceRoutes } from './compliance.routes';
import { complianceAdminRoutes } from './compliance-admin.routes';
import { deadlineDeskPage } from './deadlines.service';

export const complianceFeature: ServerFeature = {
  name: 'compliance',
  api: [{ path: '/api/compliance', routes: complianceRoutes }],
  admin: [{ path: '/compliance', routes: complianceAdminRoutes }],
  firstCalls: {
    'admin/deadlines': deskFirstCall('deadlines', 'deadlines.read', adminDeadlineListQuerySchema, deadlineDeskPage),
  },
  outside: [
    // The private calendar (/calendar/{token}.ics): its token is the credential, like /go’s slug.
    mountCalendarFeed,
  ],
  personalData: [
    {
      store: t('calendar_feeds', ['token_hash']),
      what: 'the calendar subscription link, as a hash',
      export: { excluded: 'a secret link' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'security',
    },
    {
      store: t('compliance_schedule', ['rule_id', 'due_date'], null),
      what: 'the compliance calendar of the formation (with its search text)',
      export: { file: 'compliance-items.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'formation',
    },
    {
      store: t('compliance_marks', 'all'),
      what: 'the calendar items marked done, and by whom',
      export: { file: 'compliance-items.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'formation',
    },
  ],
};
