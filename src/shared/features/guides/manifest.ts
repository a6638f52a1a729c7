import { customerPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The bank and business-address guides. */
export const guidesFeature: SharedFeature = {
  name: 'guides',
  pages: [
    customerPage('bank-account', 'features/guides/pages/BankGuidePage.tsx', ['catalogue', 'guides']),
    customerPage('business-address', 'features/guides/pages/BusinessAddressGuidePage.tsx', ['catalogue', 'guides']),
  ],
  messages: ['guides'],
};
