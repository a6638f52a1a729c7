import { adminPage, customerPage, type PageRoute } from '../../routes/page';

/** The formation: onboarding, the guide, and the back office’s formations and customer file. */
export const formationsPages: readonly PageRoute[] = [
  customerPage('onboarding', 'pages/OnboardingPage.tsx', ['catalogue', 'onboarding'], {
    guard: 'requireOnboarding',
  }),
  customerPage('formation', 'pages/FormationGuidePage.tsx', ['catalogue', 'formation']),
  adminPage(
    'admin/formations',
    'admin/AdminFormationsPage.tsx',
    ['adminEin', 'adminFormations', 'adminServices', 'catalogue', 'company', 'compliance'],
    { key: 'formations', permission: 'formations.read', group: 'applications' },
  ),
  adminPage('admin/formations/:id', 'admin/CustomerFilePage.tsx', [
    'adminEin',
    'adminFormations',
    'adminServices',
    'adminUsers',
    'catalogue',
    'company',
    'compliance',
  ]),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['onboarding', 'formation', 'adminFormations'];
