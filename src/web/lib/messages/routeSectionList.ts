/*
 * Data only (no browser code), so that the server can read it too, e.g. to preload a first visit's
 * messages from the HTML.
 */

/** Loaded with the entry, before the first render (main.tsx waits for them). */
export const CORE_SECTIONS = ['common', 'errors', 'errorsPage', 'validation'] as const;

/*
 * The catalogue sections each page shows besides the core ones (sections.ts), keyed by the route's
 * `path` as router.tsx writes it, layouts' sections included. Found by following each page's imports
 * for the keys they spell; a key whose section is missing here still shows, a moment late (the
 * missing-key handler in i18n.ts loads it and warns in development), so keep this list in step.
 */
/** What the signed-in and admin layouts show themselves (every page under them lists these). */
export const SIGNED_IN = ['services'];
export const ADMIN = ['admin', 'support'];

export const ROUTE_SECTIONS: Record<string, readonly string[]> = {
  signin: ['auth', 'catalogue'],
  signup: ['auth', 'catalogue'],
  'admin/signup': ['auth'],
  'forgot-password': ['auth'],
  'reset-password': ['auth'],
  terms: ['catalogue', 'legal'],
  privacy: ['legal'],
  'go/:slug': ['shortLinks'],
  onboarding: [...SIGNED_IN, 'catalogue', 'onboarding'],
  dashboard: [...SIGNED_IN, 'catalogue', 'company', 'compliance', 'dashboard', 'payments', 'support'],
  formation: [...SIGNED_IN, 'catalogue', 'formation'],
  'formation-service': [...SIGNED_IN, 'catalogue', 'formation', 'formationService'],
  'bank-account': [...SIGNED_IN, 'catalogue', 'guides'],
  'business-address': [...SIGNED_IN, 'catalogue', 'guides'],
  documents: [...SIGNED_IN, 'catalogue', 'documents'],
  'ein-application': [...SIGNED_IN, 'catalogue', 'compliance', 'ein'],
  'ss4-instructions': [...SIGNED_IN, 'catalogue', 'ss4'],
  support: [...SIGNED_IN, 'catalogue', 'support'],
  services: [...SIGNED_IN, 'catalogue', 'services'],
  'services/:id': [...SIGNED_IN, 'catalogue', 'services'],
  'payment/test-checkout/:sessionId': [...SIGNED_IN, 'catalogue', 'payments'],
  'payment/success': [...SIGNED_IN, 'catalogue', 'payments'],
  'payment/cancelled': [...SIGNED_IN, 'payments'],
  'admin/ein': [...ADMIN, 'adminEin', 'catalogue', 'company', 'ss4Generate'],
  'admin/support': [...ADMIN, 'catalogue'],
  'admin/users': [...ADMIN, 'adminServices', 'adminUsers', 'catalogue'],
  'admin/services': [...ADMIN, 'adminServices', 'catalogue'],
  shorten: [...ADMIN, 'catalogue', 'shortLinks'],
  'admin/formations': [...ADMIN, 'adminEin', 'adminFormations', 'adminServices', 'catalogue', 'company', 'compliance'],
  'admin/formations/:id': [
    ...ADMIN,
    'adminEin',
    'adminFormations',
    'adminServices',
    'adminUsers',
    'catalogue',
    'company',
    'compliance',
  ],
  'admin/deadlines': [...ADMIN, 'catalogue', 'compliance'],
};
