import { customerPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The customer’s document vault. */
export const documentsFeature: SharedFeature = {
  name: 'documents',
  pages: [customerPage('documents', 'features/documents/pages/DocumentsPage.tsx', ['catalogue', 'documents'])],
  messages: ['documents'],
};
