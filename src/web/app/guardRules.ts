import { hasPermission, STAFF_HOME } from '../../shared/domain/permissions';
import { isStaff } from '../../shared/domain/roles';
import type { Me } from '../../shared/features/auth/auth.contracts';
import { pagePermission } from '../../shared/routes/admin-pages';

/*
 * Who may see a page, as pure functions of the session and the URL (decision 0095): the browser's
 * guards (guards.ts) apply them after the session check, and the server entry applies them to the
 * session it wrote into the page's HTML, so both sides decide a first view alike. Null lets the page
 * render; otherwise where to go and what to say.
 */

/** What a guard says on its way out: a text key and the toast id that keeps it from showing twice. */
export type GuardNotice = 'signInRequired' | 'unauthorized' | 'adminUnauthorized';

export interface GuardTurn {
  to: string;
  /** Carry `?verified=` along (lib/me.ts keepVerified). */
  keepVerified: boolean;
  notice?: GuardNotice;
}

const go = (to: string, notice?: GuardNotice): GuardTurn => ({ to, keepVerified: true, notice });
const plain = (to: string, notice?: GuardNotice): GuardTurn => ({ to, keepVerified: false, notice });

/** Decision 0042: a staff member without a second factor sets it up first, then goes on to the page. */
function enrolFirst(url: URL): GuardTurn {
  return plain(`/account/security?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/** /onboarding: anonymous visitors are told to sign in; a formation record means it is done. */
export function onboardingRule(me: Me | null): GuardTurn | null {
  if (!me) return go('/signin', 'signInRequired');
  if (isStaff(me.user.role)) return go(me.home);
  if (me.hasFormation) return go('/dashboard');
  return null;
}

/** /dashboard: customers only; admins have their own home. */
export function customerRule(me: Me | null): GuardTurn | null {
  if (!me) return go('/signin');
  if (isStaff(me.user.role)) return go(STAFF_HOME[me.user.role]);
  return null;
}

/** Wizards and guides: an anonymous visitor is told to sign in; an admin goes to their own home. */
export function customerPageRule(me: Me | null): GuardTurn | null {
  if (!me) return go('/signin', 'signInRequired');
  if (isStaff(me.user.role)) return go(STAFF_HOME[me.user.role]);
  return null;
}

/** /services: open to visitors; staff manage services on /admin/services, or go to their own desk. */
export function visitorRule(me: Me | null): GuardTurn | null {
  if (me && isStaff(me.user.role)) {
    return go(hasPermission(me.user.role, 'services.manage') ? '/admin/services' : STAFF_HOME[me.user.role]);
  }
  return null;
}

/** /account: anyone signed in. */
export function signedInRule(me: Me | null): GuardTurn | null {
  return me ? null : go('/signin', 'signInRequired');
}

/** The admin layout: anonymous → /signin; a customer → /dashboard; staff without a second factor enrol. */
export function adminRule(me: Me | null, url: URL): GuardTurn | null {
  if (!me) return go('/signin');
  if (!isStaff(me.user.role)) return plain('/dashboard', 'unauthorized');
  if (!me.twoFactorEnabled) return enrolFirst(url);
  return null;
}

/**
 * An admin page: staff whose role lacks the page's permission go to their own desk. Visitors and
 * customers are adminRule's to answer.
 */
export function adminPageRule(me: Me | null, url: URL): GuardTurn | null {
  if (!me || !isStaff(me.user.role)) return null;
  if (!me.twoFactorEnabled) return enrolFirst(url);
  const needed = pagePermission(url.pathname);
  if (!needed || hasPermission(me.user.role, needed)) return null;
  return plain(STAFF_HOME[me.user.role], 'adminUnauthorized');
}
