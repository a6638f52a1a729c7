import { customerPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The SS-4: its instructions for the customer and its generation on the EIN desk. */
export const ss4Feature: SharedFeature = {
  name: 'ss4',
  pages: [
    customerPage(
      'ss4-instructions',
      'features/ss4/pages/Ss4InstructionsPage.tsx',
      ['catalogue', 'einFollowUps', 'ss4'],
      {
        guard: 'requireSs4Form',
      },
    ),
  ],
  messages: ['ss4', 'ss4Generate'],
};
