/**
 * Which of the web app's lazily loaded modules (paths under src/web, as vite's manifest names them)
 * a first visit to a path needs, mirroring src/web/app/router.tsx. The server preloads their chunks
 * from the HTML so that the browser fetches them alongside the entry instead of after it ran; a path
 * missing here just loads as before. route-modules.unit.test.ts checks this list against the router.
 */
// The guards' module is loaded on demand by the router, so the signed-in paths name it here.
const GUARDS = 'app/guards.ts';
const SIGNED_IN = 'app/layouts/SignedInLayout.tsx';
const ADMIN = 'app/layouts/AdminLayout.tsx';

export const ROUTE_MODULES: ReadonlyArray<readonly [pattern: string, modules: readonly string[]]> = [
  ['/', ['features/auth/pages/SignInPage.tsx']],
  ['/signin', ['features/auth/pages/SignInPage.tsx']],
  ['/signup', ['features/auth/pages/SignUpPage.tsx']],
  ['/admin/signup', ['features/auth/pages/AdminSignUpPage.tsx']],
  ['/forgot-password', ['features/auth/pages/ForgotPasswordPage.tsx']],
  ['/reset-password', ['features/auth/pages/ResetPasswordPage.tsx']],
  ['/terms', ['features/legal/pages/TermsPage.tsx']],
  ['/privacy', ['features/legal/pages/PrivacyPage.tsx']],
  ['/go/:slug', ['features/shortLinks/pages/ShortLinkNotFoundPage.tsx']],
  ['/onboarding', [GUARDS, SIGNED_IN, 'features/onboarding/pages/OnboardingPage.tsx']],
  ['/dashboard', [GUARDS, SIGNED_IN, 'features/dashboard/pages/DashboardPage.tsx']],
  ['/formation', [GUARDS, SIGNED_IN, 'features/formation/pages/FormationGuidePage.tsx']],
  ['/formation-service', [GUARDS, SIGNED_IN, 'features/formationService/pages/FormationServicePage.tsx']],
  ['/bank-account', [GUARDS, SIGNED_IN, 'features/guides/pages/BankGuidePage.tsx']],
  ['/business-address', [GUARDS, SIGNED_IN, 'features/guides/pages/BusinessAddressGuidePage.tsx']],
  ['/documents', [GUARDS, SIGNED_IN, 'features/documents/pages/DocumentsPage.tsx']],
  ['/ein-application', [GUARDS, SIGNED_IN, 'features/ein/pages/EinApplicationPage.tsx']],
  ['/ss4-instructions', [GUARDS, SIGNED_IN, 'features/ss4/pages/Ss4InstructionsPage.tsx']],
  ['/support', [GUARDS, SIGNED_IN, 'features/support/pages/SupportPage.tsx']],
  ['/services', [GUARDS, SIGNED_IN, 'features/services/pages/ServicesPage.tsx']],
  ['/services/:id', [GUARDS, SIGNED_IN, 'features/services/pages/ServiceDetailPage.tsx']],
  ['/payment/test-checkout/:sessionId', [GUARDS, SIGNED_IN, 'features/payments/pages/TestCheckoutPage.tsx']],
  ['/payment/success', [GUARDS, SIGNED_IN, 'features/payments/pages/PaymentSuccessPage.tsx']],
  ['/payment/cancelled', [GUARDS, SIGNED_IN, 'features/payments/pages/PaymentCancelledPage.tsx']],
  ['/admin/ein', [GUARDS, ADMIN, 'features/admin/pages/AdminEinPage.tsx']],
  ['/admin/support', [GUARDS, ADMIN, 'features/admin/pages/AdminSupportPage.tsx']],
  ['/admin/users', [GUARDS, ADMIN, 'features/admin/pages/AdminUsersPage.tsx']],
  ['/admin/services', [GUARDS, ADMIN, 'features/admin/pages/AdminServicesPage.tsx']],
  ['/shorten', [GUARDS, ADMIN, 'features/shortLinks/pages/ShortLinksPage.tsx']],
  ['/admin/formations', [GUARDS, ADMIN, 'features/admin/pages/AdminFormationsPage.tsx']],
  ['/admin/formations/:id', [GUARDS, ADMIN, 'features/admin/pages/CustomerFilePage.tsx']],
  ['/admin/deadlines', [GUARDS, ADMIN, 'features/admin/pages/AdminDeadlinesPage.tsx']],
];

/** The modules for a request path, or none (an unknown path: the router's 404 page is small). */
export function modulesForPath(pathname: string): { key: string; modules: readonly string[] } | null {
  const segments = splitPath(pathname);
  for (const [pattern, modules] of ROUTE_MODULES) {
    const want = splitPath(pattern);
    if (want.length !== segments.length) continue;
    if (want.every((w, i) => (w.startsWith(':') ? segments[i] !== '' : w === segments[i])))
      return { key: pattern, modules };
  }
  return null;
}

function splitPath(p: string) {
  return p.split('/').filter(Boolean);
}
