import { type LoaderFunctionArgs, redirect } from 'react-router';
import {
  adminPageRule,
  adminRule,
  customerPageRule,
  customerRule,
  type GuardTurn,
  onboardingRule,
  signedInRule,
  visitorRule,
} from '../app/guardRules';
import { keepVerified } from '../lib/me';
import { renderScope } from './scope';

/*
 * app/guards.ts as the server render sees it (decision 0095): the same rules (guardRules.ts) on the
 * session the page's HTML carries. A turn away is a redirect, and the server then sends the page
 * without a first view: the browser's guards say why and go, as before.
 */

type Rule = (me: ReturnType<typeof session>, url: URL) => GuardTurn | null;

const session = () => renderScope().boot.me;

const guard =
  (rule: Rule) =>
  async ({ request }: LoaderFunctionArgs): Promise<Response | null> => {
    const url = new URL(request.url);
    const turn = rule(session(), url);
    if (!turn) return null;
    return redirect(turn.keepVerified ? keepVerified(turn.to, url.search) : turn.to);
  };

/** A guard that needs more than the session (a fresh formation): never rendered on the server. */
const browserOnly = async ({ request }: LoaderFunctionArgs): Promise<Response> =>
  redirect(new URL(request.url).pathname);

export const requireOnboarding = guard(onboardingRule);
export const requireCustomer = guard(customerRule);
export const requireCustomerPage = guard(customerPageRule);
export const allowVisitor = guard(visitorRule);
export const requireSignedIn = guard(signedInRule);
export const requireAdmin = guard(adminRule);
export const requireAdminPage = guard(adminPageRule);
export const requirePaymentSession = browserOnly;
export const requireEinApplication = browserOnly;
export const requireSs4Form = browserOnly;
