import { customerPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The turnkey formation service (the web’s and the API’s name for it: formation-service). */
export const turnkeyFeature: SharedFeature = {
  name: 'turnkey',
  pages: [
    customerPage('formation-service', 'features/turnkey/pages/FormationServicePage.tsx', [
      'catalogue',
      'formation',
      'formationService',
    ]),
  ],
  messages: ['formationService'],
};
