import { adminPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The operator’s home (decision 0055). */
export const overviewFeature: SharedFeature = {
  name: 'overview',
  pages: [
    // The operator's home (decision 0055): its panels follow the reader's permissions.
    adminPage('admin', 'features/overview/admin/AdminHomePage.tsx', ['adminHome', 'catalogue']),
  ],
  messages: ['adminHome'],
};
