import { t, WHILE_OPEN } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { feedbackRoutes } from './feedback.routes';

export const feedbackFeature: ServerFeature = {
  name: 'feedback',
  api: [{ path: '/api/feedback', routes: feedbackRoutes }],
  personalData: [
    {
      store: t('formation_feedback', 'all'),
      what: 'feedback on the formation guide',
      export: { file: 'feedback.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'formation',
    },
    {
      store: t('bank_account_feedback', 'all'),
      what: 'feedback on the bank guide',
      export: { file: 'feedback.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'formation',
    },
    {
      store: t('business_address_feedback', 'all'),
      what: 'feedback on the address guide',
      export: { file: 'feedback.json' },
      erasure: { does: 'delete' },
      retention: WHILE_OPEN,
      notice: 'formation',
    },
  ],
};
