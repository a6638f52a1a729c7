import type { Me } from '../features/auth/auth.contracts';
import type { MyFormation } from '../features/formations/formations.contracts';
import type { ServiceView } from '../features/services/services.contracts';
import type { Language } from '../i18n/languages';

/**
 * What the server writes into a signed-in page's HTML (decision 0060): the session, and the page's
 * first data where the page has one, as the API would answer them. The web app takes them into its
 * query cache before its first render instead of asking for them after its scripts ran: one or two
 * round trips less before a phone paints the page.
 */
export interface BootData {
  /** GET /api/me; null for a visitor (only the services page, open to visitors, has boot data for them). */
  me: Me | null;
  /** GET /api/formations/me, on the dashboard; null when the customer has no formation yet. */
  formation?: MyFormation | null;
  /** GET /api/services' list, on the services page: drawn at once, nothing below it moves when it comes. */
  services?: ServiceView[];
  /**
   * The page's first GET calls (decision 0104: the account, documents, EIN, deadlines and audit pages),
   * each as the API answers it for this user, keyed by `bootAnswerKey` of the call's path and query.
   * A call the user may not make has no answer here, so a customer's page never carries staff data.
   */
  answers?: Record<string, unknown>;
  /**
   * Set when the server rendered the page's first view into the HTML (decision 0095): the route loaders'
   * answers the browser's router starts from instead of running them, and the time zone the server
   * wrote instants in.
   */
  view?: FirstViewData;
}

export interface FirstViewData {
  loaderData: Record<string, unknown>;
  timeZone: string;
  language: Language;
}
