import { type LoaderFunctionArgs, redirect } from 'react-router';
import { toast } from 'sonner';
import { isAdmin } from '../../shared/domain/roles';
import { i18next } from '../lib/i18n';
import { loadMe } from '../lib/session';

/*
 * Route loaders that decide, before a page renders, whether the visitor may see it. The server
 * checks every call again; these only spare the user a page they cannot use. Toasts raised here
 * before the Toaster mounts are replayed by sonner once it does.
 */

/**
 * Redirects while keeping `?verified=` (the email link lands on /dashboard, possibly signed out
 * or as an admin), so the notice still shows wherever the user ends up.
 */
function go(to: string, request: Request) {
  const verified = new URL(request.url).searchParams.get('verified');
  return redirect(verified ? `${to}?verified=${encodeURIComponent(verified)}` : to);
}

/** /signin: an existing session goes to its home. A failed check just shows the form. */
export async function redirectSignedIn({ request }: LoaderFunctionArgs) {
  const me = await loadMe().catch(() => null);
  return me ? go(me.home, request) : null;
}

/** /onboarding: anonymous visitors are told to sign in; a formation record means it is done. */
export async function requireOnboarding({ request }: LoaderFunctionArgs) {
  const me = await loadMe();
  if (!me) {
    toast.error(i18next.t('common.signInRequired'));
    return go('/signin', request);
  }
  if (isAdmin(me.user.role)) return go(me.home, request);
  if (me.hasFormation) return go('/dashboard', request);
  return null;
}

/** /dashboard: customers only; admins have their own home. */
export async function requireCustomer({ request }: LoaderFunctionArgs) {
  const me = await loadMe();
  if (!me) return go('/signin', request);
  if (isAdmin(me.user.role)) return go('/admin/ein', request);
  return null;
}

/**
 * Wizards and guides (SPEC §6): an anonymous visitor is told 'Please sign in to continue' and sent
 * to /signin; an admin goes to their own home.
 */
export async function requireCustomerPage({ request }: LoaderFunctionArgs) {
  const me = await loadMe();
  if (!me) {
    toast.error(i18next.t('common.signInRequired'));
    return go('/signin', request);
  }
  if (isAdmin(me.user.role)) return go('/admin/ein', request);
  return null;
}

/** Admin pages: anonymous → /signin; a customer, or a failed check, → /dashboard (SPEC §6). */
export async function requireAdmin({ request }: LoaderFunctionArgs) {
  let me: Awaited<ReturnType<typeof loadMe>>;
  try {
    me = await loadMe();
  } catch {
    return redirect('/dashboard');
  }
  if (!me) return go('/signin', request);
  if (!isAdmin(me.user.role)) {
    toast.error(i18next.t('admin.unauthorized'));
    return redirect('/dashboard');
  }
  return null;
}
