import { publicPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The terms and the privacy notice. */
export const legalFeature: SharedFeature = {
  name: 'legal',
  pages: [
    publicPage('terms', 'features/legal/pages/TermsPage.tsx', ['catalogue', 'legal']),
    publicPage('privacy', 'features/legal/pages/PrivacyPage.tsx', ['legal']),
  ],
  messages: ['legal'],
};
