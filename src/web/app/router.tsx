import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { FullPageSpinner } from '../components/ui/FullPageSpinner';
import { RouteErrorPage } from '../features/errors/components/RouteErrorPage';
import { withRouteSections } from '../lib/messages/routeSections';
import { RootLayout } from './layouts/RootLayout';

type Guards = typeof import('./guards');

/**
 * A guard (app/guards.ts) as a route loader, its module fetched on first use: the guards hold the
 * session's query cache, which the public pages' first load leaves out (decision 0030). The server
 * preloads that chunk for the signed-in paths (route-modules.ts), so no round trip is added there.
 */
const guard =
  (name: keyof Guards) =>
  (args: LoaderFunctionArgs): Promise<Response | null> =>
    import('./guards').then((guards) => guards[name](args));

/*
 * One lazy chunk per page (and per layout): a customer on a phone downloads the sign-in page
 * only, not the admin back office. Each page's texts load with it (withRouteSections).
 */
const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      // Keep the query (?lang=, utm_*) so that a link to the bare origin still carries it.
      { index: true, loader: ({ request }) => redirect(`/signin${new URL(request.url).search}`) },
      {
        path: 'signin',
        // No loader: a route with one paints the loading spinner first and the page only after it, which
        // cost the sign-in page about five Lighthouse points (decision 0023); SignInPage itself sends a
        // visitor who is signed in already to their home.
        lazy: () => import('../features/auth/pages/SignInPage').then((m) => ({ Component: m.SignInPage })),
      },
      {
        path: 'signup',
        lazy: () => import('../features/auth/pages/SignUpPage').then((m) => ({ Component: m.SignUpPage })),
      },
      {
        path: 'admin/signup',
        lazy: () => import('../features/auth/pages/AdminSignUpPage').then((m) => ({ Component: m.AdminSignUpPage })),
      },
      {
        path: 'forgot-password',
        lazy: () =>
          import('../features/auth/pages/ForgotPasswordPage').then((m) => ({
            Component: m.ForgotPasswordPage,
          })),
      },
      {
        path: 'reset-password',
        lazy: () =>
          import('../features/auth/pages/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: 'terms',
        lazy: () => import('../features/legal/pages/TermsPage').then((m) => ({ Component: m.TermsPage })),
      },
      // Short links: the server redirects a live /go/{slug} and serves this page for an unknown or expired one.
      { path: 'go', loader: () => redirect('/') },
      {
        path: 'go/:slug',
        lazy: () =>
          import('../features/shortLinks/pages/ShortLinkNotFoundPage').then((m) => ({
            Component: m.ShortLinkNotFoundPage,
          })),
      },
      {
        path: 'privacy',
        lazy: () => import('../features/legal/pages/PrivacyPage').then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        lazy: () => import('./layouts/SignedInLayout').then((m) => ({ Component: m.SignedInLayout })),
        children: [
          {
            path: 'onboarding',
            loader: guard('requireOnboarding'),
            lazy: () =>
              import('../features/onboarding/pages/OnboardingPage').then((m) => ({
                Component: m.OnboardingPage,
              })),
          },
          {
            path: 'dashboard',
            loader: guard('requireCustomer'),
            lazy: () =>
              import('../features/dashboard/pages/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
          },
          {
            path: 'formation',
            loader: guard('requireCustomerPage'),
            lazy: () =>
              import('../features/formation/pages/FormationGuidePage').then((m) => ({
                Component: m.FormationGuidePage,
              })),
          },
          {
            path: 'formation-service',
            loader: guard('requireCustomerPage'),
            lazy: () =>
              import('../features/formationService/pages/FormationServicePage').then((m) => ({
                Component: m.FormationServicePage,
              })),
          },
          {
            path: 'bank-account',
            loader: guard('requireCustomerPage'),
            lazy: () => import('../features/guides/pages/BankGuidePage').then((m) => ({ Component: m.BankGuidePage })),
          },
          {
            path: 'business-address',
            loader: guard('requireCustomerPage'),
            lazy: () =>
              import('../features/guides/pages/BusinessAddressGuidePage').then((m) => ({
                Component: m.BusinessAddressGuidePage,
              })),
          },
          {
            path: 'documents',
            loader: guard('requireCustomerPage'),
            lazy: () =>
              import('../features/documents/pages/DocumentsPage').then((m) => ({ Component: m.DocumentsPage })),
          },
          {
            path: 'ein-application',
            loader: guard('requireEinApplication'),
            lazy: () =>
              import('../features/ein/pages/EinApplicationPage').then((m) => ({
                Component: m.EinApplicationPage,
              })),
          },
          {
            path: 'ss4-instructions',
            loader: guard('requireSs4Form'),
            lazy: () =>
              import('../features/ss4/pages/Ss4InstructionsPage').then((m) => ({
                Component: m.Ss4InstructionsPage,
              })),
          },
          {
            path: 'support',
            loader: guard('requireCustomerPage'),
            lazy: () => import('../features/support/pages/SupportPage').then((m) => ({ Component: m.SupportPage })),
          },
          {
            path: 'services',
            loader: guard('allowVisitor'),
            lazy: () => import('../features/services/pages/ServicesPage').then((m) => ({ Component: m.ServicesPage })),
          },
          {
            path: 'services/:id',
            loader: guard('allowVisitor'),
            lazy: () =>
              import('../features/services/pages/ServiceDetailPage').then((m) => ({
                Component: m.ServiceDetailPage,
              })),
          },
          {
            path: 'payment/test-checkout/:sessionId',
            loader: guard('requireCustomerPage'),
            lazy: () =>
              import('../features/payments/pages/TestCheckoutPage').then((m) => ({ Component: m.TestCheckoutPage })),
          },
          {
            path: 'payment/success',
            loader: guard('requirePaymentSession'),
            lazy: () =>
              import('../features/payments/pages/PaymentSuccessPage').then((m) => ({
                Component: m.PaymentSuccessPage,
              })),
          },
          {
            path: 'payment/cancelled',
            loader: guard('requireCustomerPage'),
            lazy: () =>
              import('../features/payments/pages/PaymentCancelledPage').then((m) => ({
                Component: m.PaymentCancelledPage,
              })),
          },
        ],
      },
      {
        loader: guard('requireAdmin'),
        lazy: () => import('./layouts/AdminLayout').then((m) => ({ Component: m.AdminLayout })),
        children: [
          {
            path: 'admin/ein',
            lazy: () => import('../features/admin/pages/AdminEinPage').then((m) => ({ Component: m.AdminEinPage })),
          },
          {
            path: 'admin/support',
            lazy: () =>
              import('../features/admin/pages/AdminSupportPage').then((m) => ({ Component: m.AdminSupportPage })),
          },
          {
            path: 'admin/users',
            lazy: () => import('../features/admin/pages/AdminUsersPage').then((m) => ({ Component: m.AdminUsersPage })),
          },
          {
            path: 'admin/services',
            lazy: () =>
              import('../features/admin/pages/AdminServicesPage').then((m) => ({ Component: m.AdminServicesPage })),
          },
          {
            path: 'shorten',
            lazy: () =>
              import('../features/shortLinks/pages/ShortLinksPage').then((m) => ({ Component: m.ShortLinksPage })),
          },
          {
            path: 'admin/formations',
            lazy: () =>
              import('../features/admin/pages/AdminFormationsPage').then((m) => ({
                Component: m.AdminFormationsPage,
              })),
          },
          {
            path: 'admin/formations/:id',
            lazy: () =>
              import('../features/admin/pages/CustomerFilePage').then((m) => ({ Component: m.CustomerFilePage })),
          },
          {
            path: 'admin/deadlines',
            lazy: () =>
              import('../features/admin/pages/AdminDeadlinesPage').then((m) => ({ Component: m.AdminDeadlinesPage })),
          },
        ],
      },
      {
        path: '*',
        lazy: () => import('../features/errors/pages/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];

export const router = createBrowserRouter(withRouteSections(routes));
