import { adminPage, customerPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** The formation: onboarding, the guide, and the back office’s formations and customer file. */
export const formationsFeature: SharedFeature = {
  name: 'formations',
  pages: [
    customerPage('onboarding', 'features/formations/pages/OnboardingPage.tsx', ['catalogue', 'onboarding'], {
      guard: 'requireOnboarding',
    }),
    customerPage('formation', 'features/formations/pages/FormationGuidePage.tsx', ['catalogue', 'formation']),
    adminPage('admin/formations', 'features/formations/admin/AdminFormationsPage.tsx', [
      'adminEin',
      'adminFormations',
      'adminServices',
      'catalogue',
      'company',
      'compliance',
    ]),
    adminPage('admin/formations/:id', 'features/formations/admin/CustomerFilePage.tsx', [
      'adminEin',
      'adminFormations',
      'adminServices',
      'adminUsers',
      'catalogue',
      'company',
      'compliance',
    ]),
  ],
  adminNav: [{ path: '/admin/formations', key: 'formations', permission: 'formations.read' }],
  messages: ['onboarding', 'formation', 'adminFormations'],
};
