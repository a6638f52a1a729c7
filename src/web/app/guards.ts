import { type LoaderFunctionArgs, redirect } from 'react-router';
import { isApiError } from '../lib/api';
import { FORMATION_KEY, fetchMyFormation, formationQuery, type MyFormation } from '../lib/formation';
import { i18n } from '../lib/i18n';
import { keepVerified } from '../lib/me';
import { translateLoaded } from '../lib/messages/sections';
import { queryClient } from '../lib/queryClient';
import { loadMe } from '../lib/session';
import { toast } from '../lib/toast';
import {
  adminPageRule,
  adminRule,
  customerPageRule,
  customerRule,
  type GuardTurn,
  onboardingRule,
  signedInRule,
  visitorRule,
} from './guardRules';

/*
 * Route loaders that decide, before a page renders, whether the visitor may see it. The server
 * checks every call again; these only spare the user a page they cannot use. Toasts raised here
 * before the Toaster mounts are replayed by sonner once it does. "Please sign in" carries the id
 * 'sign-in-required' here and in the pages that say it too, so a guard and a page never show it twice.
 */

/** Redirects while keeping `?verified=` (see keepVerified). */
function go(to: string, request: Request) {
  return redirect(keepVerified(to, new URL(request.url).search));
}

/** A rule's turn away (guardRules.ts) as a redirect, its notice toasted first. */
async function turn(rule: GuardTurn | null, request: Request): Promise<Response | null> {
  if (!rule) return null;
  if (rule.notice === 'signInRequired') toast.error(i18n.t('common.signInRequired'), { id: 'sign-in-required' });
  else if (rule.notice === 'unauthorized') toast.error(await translateLoaded('admin.unauthorized'));
  else if (rule.notice === 'adminUnauthorized')
    toast.error(await translateLoaded('admin.unauthorized'), { id: 'admin-unauthorized' });
  return rule.keepVerified ? go(rule.to, request) : redirect(rule.to);
}

/** /onboarding: anonymous visitors are told to sign in; a formation record means it is done. */
export async function requireOnboarding({ request }: LoaderFunctionArgs) {
  return turn(onboardingRule(await loadMe()), request);
}

/** /dashboard: customers only; admins have their own home. */
export async function requireCustomer({ request }: LoaderFunctionArgs) {
  // The page's own first call leaves with the session check instead of after it: a round trip less
  // before the dashboard can draw. Its answer joins the cache only for a customer, so a visitor's
  // 401 never sits there as the formation's error.
  const early = queryClient.getQueryData(FORMATION_KEY) === undefined ? fetchMyFormation() : null;
  early?.catch(() => {});
  const denied = await turn(customerRule(await loadMe()), request);
  if (denied) return denied;
  if (early) void queryClient.prefetchQuery({ ...formationQuery, queryFn: () => early });
  return null;
}

/**
 * Wizards and guides (product.md#who-may-see-a-page): an anonymous visitor is told 'Please sign in to continue' and sent
 * to /signin; an admin goes to their own home.
 */
export async function requireCustomerPage({ request }: LoaderFunctionArgs) {
  return turn(customerPageRule(await loadMe()), request);
}

/**
 * /services and a service's page (product.md#who-may-see-a-page): open to anonymous visitors, who are asked to sign in only
 * when they buy; an admin manages services on /admin/services. A failed session check still shows
 * the public list.
 */
export async function allowVisitor({ request }: LoaderFunctionArgs) {
  return turn(visitorRule(await loadMe().catch(() => null)), request);
}

/** /account and /account/security: anyone signed in, customer or staff; anonymous visitors are told to sign in. */
export async function requireSignedIn({ request }: LoaderFunctionArgs) {
  return turn(signedInRule(await loadMe()), request);
}

/** /payment/success: without `session_id` there is nothing to show (product.md#services-and-payment-pages), so back to the services. */
export async function requirePaymentSession(args: LoaderFunctionArgs) {
  if (!new URL(args.request.url).searchParams.get('session_id')) return redirect('/services');
  return requireCustomerPage(args);
}

/** Admin pages: anonymous → /signin; a customer, or a failed check, → /dashboard (product.md#who-may-see-a-page). */
export async function requireAdmin({ request }: LoaderFunctionArgs) {
  let me: Awaited<ReturnType<typeof loadMe>>;
  try {
    me = await loadMe();
  } catch {
    return redirect('/dashboard');
  }
  return turn(adminRule(me, new URL(request.url)), request);
}

/**
 * An admin page: a staff member whose role lacks the page's permission goes to their own desk. Runs
 * beside requireAdmin (which answers for visitors and customers) and again on every move between
 * admin pages, which the layout's loader does not see.
 */
export async function requireAdminPage({ request }: LoaderFunctionArgs) {
  return turn(adminPageRule(await loadMe().catch(() => null), new URL(request.url)), request);
}

/**
 * The customer's formation as it is now: these pages depend on a status an admin may just have
 * changed, so the cached copy is not trusted.
 */
function loadFormationFresh(): Promise<MyFormation | null> {
  return queryClient.fetchQuery({ ...formationQuery, staleTime: 0 });
}

/**
 * The signed-in customer's formation, fetched fresh, for a page that depends on it. Anything that
 * stops the page is answered here: the sign-in page for an expired session, the dashboard with the
 * page's own load-failure toast otherwise.
 */
async function customerFormation(
  args: LoaderFunctionArgs,
  loadFailed: { key: string; id: string },
): Promise<{ data: MyFormation | null } | { stop: Response | null }> {
  const denied = await requireCustomerPage(args);
  if (denied) return { stop: denied };
  try {
    return { data: await loadFormationFresh() };
  } catch (error) {
    if (isApiError(error, 'UNAUTHENTICATED')) {
      toast.error(i18n.t('common.signInRequired'), { id: 'sign-in-required' });
      return { stop: go('/signin', args.request) };
    }
    toast.error(await translateLoaded(loadFailed.key), { id: loadFailed.id });
    return { stop: redirect('/dashboard') };
  }
}

/**
 * /ein-application (product.md#how-validation-works "Access"): only once the formation is formation_completed. Before that
 * the user is told to complete it first; once an application exists (the formation has moved on)
 * the dashboard shows its progress.
 */
export async function requireEinApplication(args: LoaderFunctionArgs) {
  const result = await customerFormation(args, { key: 'formation.loadFailed', id: 'formation-load-failed' });
  if ('stop' in result) return result.stop;
  const { data } = result;
  if (data?.formation.formationStatus === 'formation_completed' && !data.einApplication) return null;
  const applied = data?.einApplication || (data && data.formation.stage > 2);
  if (!applied) toast.error(await translateLoaded('errors.FORMATION_NOT_COMPLETED'), { id: 'formation-not-completed' });
  return redirect('/dashboard');
}

/** /ss4-instructions (product.md#who-may-see-a-page): a prepared SS-4 form must exist, else 'SS-4 form not available yet'. */
export async function requireSs4Form(args: LoaderFunctionArgs) {
  const result = await customerFormation(args, { key: 'ss4.loadFailed', id: 'ss4-load-failed' });
  if ('stop' in result) return result.stop;
  if (result.data?.einApplication?.hasPreparedSs4) return null;
  toast.error(await translateLoaded('errors.SS4_NOT_AVAILABLE'), { id: 'ss4-not-available' });
  return redirect('/dashboard');
}
