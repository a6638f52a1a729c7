/*
 * Every page of the web app, once (decision 0036). The web router builds its routes from this table,
 * the web loads each page's message sections from it, and the server preloads a first visit's chunks
 * and texts from it. Data only: the server and the tests read it without a browser.
 */

/** Which frame a page is drawn in, and so which layout module and sections it brings along. */
export type RouteLayout = 'public' | 'signed-in' | 'admin';

/** Who the web app lets see a page; the server checks every API call again whatever this says. */
export type Audience = 'anonymous' | 'customer' | 'staff';

/**
 * A route loader of src/web/app/guards.ts stricter than the one a page's audience gets by default
 * (`guardOf`): the page also needs something of the customer's formation or of the URL.
 */
export type PageGuard =
  | 'requireOnboarding'
  | 'requireCustomer'
  | 'requireEinApplication'
  | 'requireSs4Form'
  | 'requirePaymentSession'
  /** Any signed-in user, customer or staff (the account page and its second factor). */
  | 'requireSignedIn';

export interface PageRoute {
  /** As React Router writes it under the root: no leading slash, `:name` for a parameter. */
  readonly path: string;
  /**
   * The page's module under src/web, as vite's manifest names it; the module exports its component
   * under the file's name (features/x/pages/FooPage.tsx exports FooPage).
   */
  readonly page: string;
  readonly layout: RouteLayout;
  /** The catalogue sections the page shows besides the core ones and its layout's (LAYOUT_SECTIONS). */
  readonly sections: readonly string[];
  readonly who: readonly Audience[];
  readonly guard?: PageGuard;
}

/**
 * Loaded with the entry, before the first render (the web's main.tsx waits for them): of these
 * sections, what a public page can show (PUBLIC_CORE_TEXTS in text-chunks.ts, decision 0061).
 */
export const CORE_SECTIONS = ['common', 'errors', 'errorsPage', 'validation'] as const;
export type CoreSection = (typeof CORE_SECTIONS)[number];

/**
 * The rest of the core sections' texts (most API error codes, the signed-in forms' field messages, the
 * signed-in frame's words), listed like a section by the signed-in and admin layouts, so that every
 * page under them loads it (decision 0061). Not catalogue sections: no key starts with these names.
 * One name per layout, for the same texts: each is built into its side's shared texts file
 * (text-chunks.ts), which that side's pages load anyway, so the rest costs no request of its own.
 */
export const CORE_REST: Record<Exclude<RouteLayout, 'public'>, string> = {
  'signed-in': 'coreRestCustomer',
  admin: 'coreRestAdmin',
};

/** Whether a name listed as a section is one of the CORE_REST units. */
export function isCoreRest(name: string): boolean {
  return name === CORE_REST['signed-in'] || name === CORE_REST.admin;
}

/** What each layout shows itself: every page under it loads these too. */
export const LAYOUT_SECTIONS: Record<RouteLayout, readonly string[]> = {
  public: [],
  // privacy: the gate that asks for a new version of the texts before anything else (decision 0046).
  'signed-in': [CORE_REST['signed-in'], 'privacy', 'services'],
  admin: [CORE_REST.admin, 'admin', 'support'],
};

/** The layouts' own lazily loaded modules (under src/web); the public pages have none. */
export const LAYOUT_MODULES: Record<Exclude<RouteLayout, 'public'>, string> = {
  'signed-in': 'app/layouts/SignedInLayout.tsx',
  admin: 'app/layouts/AdminLayout.tsx',
};

/** The route loaders' module, fetched on first use by the signed-in and admin routes (decision 0030). */
export const GUARDS_MODULE = 'app/guards.ts';

const ANYONE: readonly Audience[] = ['anonymous', 'customer', 'staff'];
const VISITOR: readonly Audience[] = ['anonymous', 'customer'];
const CUSTOMER: readonly Audience[] = ['customer'];
const STAFF: readonly Audience[] = ['staff'];
const SIGNED_IN: readonly Audience[] = ['customer', 'staff'];

const publicPage = (path: string, page: string, sections: readonly string[]): PageRoute => ({
  path,
  page,
  layout: 'public',
  sections,
  who: ANYONE,
});

const customerPage = (
  path: string,
  page: string,
  sections: readonly string[],
  extra: { who?: readonly Audience[]; guard?: PageGuard } = {},
): PageRoute => ({ path, page, layout: 'signed-in', sections, who: extra.who ?? CUSTOMER, guard: extra.guard });

const adminPage = (path: string, page: string, sections: readonly string[]): PageRoute => ({
  path,
  page,
  layout: 'admin',
  sections,
  who: STAFF,
});

/*
 * In the router's order. A page's sections are found by following its imports for the keys they
 * spell (tests/unit/route-sections.test.ts checks them); a section missing here still shows, a moment
 * late (the missing-key handler in the web's i18n.ts loads it and warns in development).
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  // The sign-in page itself sends a visitor who is signed in already to their home.
  publicPage('signin', 'features/auth/pages/SignInPage.tsx', ['auth']),
  publicPage('signup', 'features/auth/pages/SignUpPage.tsx', ['auth', 'privacy']),
  publicPage('admin/signup', 'features/auth/pages/AdminSignUpPage.tsx', ['auth']),
  publicPage('forgot-password', 'features/auth/pages/ForgotPasswordPage.tsx', ['auth']),
  publicPage('reset-password', 'features/auth/pages/ResetPasswordPage.tsx', ['auth']),
  publicPage('terms', 'features/legal/pages/TermsPage.tsx', ['catalogue', 'legal']),
  // The server redirects a live /go/{slug} and serves this page for an unknown or expired one.
  publicPage('go/:slug', 'features/short-links/pages/ShortLinkNotFoundPage.tsx', ['shortLinks']),
  publicPage('privacy', 'features/legal/pages/PrivacyPage.tsx', ['legal']),
  // The link mailed to a new address: it works signed in or not, on any device (decision 0044).
  publicPage('account/confirm-email', 'features/account/pages/ConfirmEmailPage.tsx', ['account']),
  // The link mailed to confirm an erasure request (decision 0047): the token alone names the request.
  publicPage('account/confirm-deletion', 'features/privacy/pages/ConfirmDeletionPage.tsx', ['privacy']),
  // Decision 0043: an invitee joins the staff (the token in the path is the credential; the logs redact it).
  publicPage('invite/:token', 'features/staff/pages/InvitePage.tsx', ['adminStaff', 'auth']),

  customerPage('onboarding', 'features/formations/pages/OnboardingPage.tsx', ['catalogue', 'onboarding'], {
    guard: 'requireOnboarding',
  }),
  customerPage(
    'dashboard',
    'features/dashboard/pages/DashboardPage.tsx',
    [
      'catalogue',
      'company',
      'compliance',
      'dashboard',
      'einFollowUps',
      'filings',
      'mailroom',
      'payments',
      'renewals',
      'retention',
      'support',
    ],
    { guard: 'requireCustomer' },
  ),
  customerPage('formation', 'features/formations/pages/FormationGuidePage.tsx', ['catalogue', 'formation']),
  customerPage('formation-service', 'features/turnkey/pages/FormationServicePage.tsx', [
    'catalogue',
    'formation',
    'formationService',
  ]),
  customerPage('bank-account', 'features/guides/pages/BankGuidePage.tsx', ['catalogue', 'guides']),
  customerPage('business-address', 'features/guides/pages/BusinessAddressGuidePage.tsx', ['catalogue', 'guides']),
  customerPage('documents', 'features/documents/pages/DocumentsPage.tsx', ['catalogue', 'documents']),
  customerPage('ein-application', 'features/ein/pages/EinApplicationPage.tsx', ['catalogue', 'compliance', 'ein'], {
    guard: 'requireEinApplication',
  }),
  customerPage('ss4-instructions', 'features/ss4/pages/Ss4InstructionsPage.tsx', ['catalogue', 'einFollowUps', 'ss4'], {
    guard: 'requireSs4Form',
  }),
  customerPage('support', 'features/support/pages/SupportPage.tsx', ['catalogue', 'support']),
  // Decision 0086: the letters that reached the company's US address, and the customer's word on each.
  customerPage('mail', 'features/mail/pages/MailPage.tsx', ['catalogue', 'compliance', 'mailroom', 'support']),
  // Decision 0051: one tracked filing (the yearly Form 5472, a state report), its stages and its questionnaire.
  customerPage('filings/:id', 'features/filings/pages/FilingPage.tsx', [
    'catalogue',
    'company',
    'compliance',
    'filings',
  ]),
  // Anonymous visitors browse the services and are asked to sign in only when they buy.
  customerPage('services', 'features/services/pages/ServicesPage.tsx', ['catalogue', 'services'], { who: VISITOR }),
  customerPage('services/:id', 'features/services/pages/ServiceDetailPage.tsx', ['catalogue', 'services'], {
    who: VISITOR,
  }),
  customerPage('payment/test-checkout/:sessionId', 'features/payments/pages/TestCheckoutPage.tsx', [
    'catalogue',
    'payments',
  ]),
  customerPage('payment/success', 'features/payments/pages/PaymentSuccessPage.tsx', ['catalogue', 'payments'], {
    guard: 'requirePaymentSession',
  }),
  customerPage('payment/cancelled', 'features/payments/pages/PaymentCancelledPage.tsx', ['payments']),
  // Everyone's own account (decision 0043): staff see it in the signed-in frame too.
  customerPage('account', 'features/account/pages/AccountPage.tsx', ['account'], {
    who: SIGNED_IN,
    guard: 'requireSignedIn',
  }),
  // Renewals (decisions 0053, 0054): the agent and the address, renewed only on the customer's word.
  customerPage('account/subscriptions', 'features/renewals/pages/SubscriptionsPage.tsx', [
    'catalogue',
    'compliance',
    'renewals',
  ]),
  // Decision 0042: the second factor, for customers and staff (staff without one are sent here).
  customerPage('account/security', 'features/two-factor/pages/AccountSecurityPage.tsx', ['security'], {
    who: SIGNED_IN,
    guard: 'requireSignedIn',
  }),

  // The operator's home (decision 0055): its panels follow the reader's permissions.
  adminPage('admin', 'features/overview/admin/AdminHomePage.tsx', ['adminHome', 'catalogue']),
  adminPage('admin/ein', 'features/ein/admin/AdminEinPage.tsx', [
    'adminEin',
    'catalogue',
    'company',
    'einFollowUps',
    'retention',
    'ss4Generate',
  ]),
  adminPage('admin/support', 'features/support/admin/AdminSupportPage.tsx', ['catalogue']),
  adminPage('admin/users', 'features/users/admin/AdminUsersPage.tsx', [
    'adminServices',
    'adminUsers',
    'catalogue',
    'compliance',
    'renewals',
  ]),
  adminPage('admin/services', 'features/services/admin/AdminServicesPage.tsx', [
    'adminServices',
    'catalogue',
    'compliance',
  ]),
  adminPage('shorten', 'features/short-links/admin/ShortLinksPage.tsx', ['catalogue', 'shortLinks']),
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
  adminPage('admin/deadlines', 'features/compliance/admin/AdminDeadlinesPage.tsx', [
    'catalogue',
    'compliance',
    'filings',
    'renewals',
  ]),
  adminPage('admin/orders', 'features/payments/admin/AdminOrdersPage.tsx', [
    'adminOrders',
    'adminServices',
    'catalogue',
    'compliance',
    'payments',
  ]),
  adminPage('admin/staff', 'features/staff/admin/AdminStaffPage.tsx', ['adminStaff', 'catalogue']),
  adminPage('admin/audit', 'features/audit/admin/AdminAuditPage.tsx', ['adminAudit', 'catalogue']),
  adminPage('admin/renewals', 'features/renewals/admin/AdminRenewalsPage.tsx', ['catalogue', 'compliance', 'renewals']),
  adminPage('admin/privacy', 'features/privacy/admin/AdminPrivacyPage.tsx', ['catalogue', 'privacy']),
  // Decision 0086: the mail desk.
  adminPage('admin/mail', 'features/mail/admin/AdminMailPage.tsx', ['catalogue', 'compliance', 'mailroom']),
  adminPage('admin/filings', 'features/filings/admin/AdminFilingsPage.tsx', [
    'adminFilings',
    'catalogue',
    'compliance',
    'filings',
  ]),
];

/** The router's catch-all (`*`); the server does not preload it, as every unknown path would pay for it. */
export const NOT_FOUND_PAGE = 'features/errors/pages/NotFoundPage.tsx';

/** The page's sections with its layout's, as one first visit loads them. */
export function routeSections(route: PageRoute): readonly string[] {
  return [...LAYOUT_SECTIONS[route.layout], ...route.sections];
}

/**
 * The loader that lets the page's audience through, for the pages under the signed-in layout (the
 * admin layout checks its own once; the public pages have none): a page that names none is open to a
 * customer, or to an anonymous visitor too when its audience says so.
 */
export function guardOf(route: PageRoute): PageGuard | 'requireCustomerPage' | 'allowVisitor' | undefined {
  if (route.layout !== 'signed-in') return undefined;
  if (route.guard) return route.guard;
  return route.who.includes('anonymous') ? 'allowVisitor' : 'requireCustomerPage';
}

/** The component a page module exports: its file's name. */
export function pageExport(page: string): string {
  return page.slice(page.lastIndexOf('/') + 1).replace(/\.tsx?$/, '');
}

/** The table's row for a router path (`'services/:id'`, no leading slash), if it is a page. */
export function pageRouteAt(path: string): PageRoute | undefined {
  return PAGE_ROUTES.find((route) => route.path === path);
}
