/**
 * Which of the web app's lazily loaded modules (paths under src/web, as vite's manifest names them)
 * a first visit to a path needs, mirroring src/web/app/router.tsx. The server preloads their chunks
 * from the HTML so that the browser fetches them alongside the entry instead of after it ran; a path
 * missing here just loads as before. route-modules.unit.test.ts checks this list against the router.
 */
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
  ['/onboarding', [SIGNED_IN, 'features/onboarding/pages/OnboardingPage.tsx']],
  ['/dashboard', [SIGNED_IN, 'features/dashboard/pages/DashboardPage.tsx']],
  ['/formation', [SIGNED_IN, 'features/formation/pages/FormationGuidePage.tsx']],
  ['/formation-service', [SIGNED_IN, 'features/formationService/pages/FormationServicePage.tsx']],
  ['/bank-account', [SIGNED_IN, 'features/guides/pages/BankGuidePage.tsx']],
  ['/business-address', [SIGNED_IN, 'features/guides/pages/BusinessAddressGuidePage.tsx']],
  ['/documents', [SIGNED_IN, 'features/documents/pages/DocumentsPage.tsx']],
  ['/ein-application', [SIGNED_IN, 'features/ein/pages/EinApplicationPage.tsx']],
  ['/ss4-instructions', [SIGNED_IN, 'features/ss4/pages/Ss4InstructionsPage.tsx']],
  ['/support', [SIGNED_IN, 'features/support/pages/SupportPage.tsx']],
  ['/services', [SIGNED_IN, 'features/services/pages/ServicesPage.tsx']],
  ['/services/:id', [SIGNED_IN, 'features/services/pages/ServiceDetailPage.tsx']],
  ['/payment/test-checkout/:sessionId', [SIGNED_IN, 'features/payments/pages/TestCheckoutPage.tsx']],
  ['/payment/success', [SIGNED_IN, 'features/payments/pages/PaymentSuccessPage.tsx']],
  ['/payment/cancelled', [SIGNED_IN, 'features/payments/pages/PaymentCancelledPage.tsx']],
  ['/admin/ein', [ADMIN, 'features/admin/pages/AdminEinPage.tsx']],
  ['/admin/support', [ADMIN, 'features/admin/pages/AdminSupportPage.tsx']],
  ['/admin/users', [ADMIN, 'features/admin/pages/AdminUsersPage.tsx']],
  ['/admin/services', [ADMIN, 'features/admin/pages/AdminServicesPage.tsx']],
  ['/shorten', [ADMIN, 'features/shortLinks/pages/ShortLinksPage.tsx']],
  ['/admin/formations', [ADMIN, 'features/admin/pages/AdminFormationsPage.tsx']],
  ['/admin/formations/:id', [ADMIN, 'features/admin/pages/CustomerFilePage.tsx']],
  ['/admin/deadlines', [ADMIN, 'features/admin/pages/AdminDeadlinesPage.tsx']],
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
