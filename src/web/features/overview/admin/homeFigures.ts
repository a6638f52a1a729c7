import type { DayRange } from '../../../../shared/features/overview/overview.domain';

/*
 * What the home's panels share: the lists their figures open, each narrowed to what the figure counts in
 * the range's days (decision 0055), and how a wait is rounded.
 */

/** A wait in hours or days, to one decimal. */
export const n1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

export const GROWTH_KEYS = ['signups', 'onboarding', 'formationsStarted', 'formationsCompleted', 'einsIssued'] as const;
export const GROWTH_FILLS = ['fill-indigo-600', 'fill-sky-500', 'fill-amber-500', 'fill-emerald-600', 'fill-rose-500'];
/** Each growth figure's list, narrowed to what it counts in the range's days (decision 0055). */
export const GROWTH_LINKS: Record<(typeof GROWTH_KEYS)[number], (range: DayRange) => string> = {
  signups: (r) => signupsIn(r),
  onboarding: (r) => `/admin/formations?createdFrom=${r.from}&createdTo=${r.to}`,
  // Orders, not customers: one who paid for a package twice shows twice (and is flagged).
  formationsStarted: (r) => `${paidOrdersIn(r)}&kind=formation_package`,
  formationsCompleted: (r) => `/admin/formations?status=formation_completed&reachedFrom=${r.from}&reachedTo=${r.to}`,
  einsIssued: (r) => `/admin/ein?status=ein_issued&reachedFrom=${r.from}&reachedTo=${r.to}`,
};
/** The accounts the sign-ups figures count: customers who joined in the range's days. */
export const signupsIn = (range: DayRange) => `/admin/users?joinedFrom=${range.from}&joinedTo=${range.to}&customers=1`;
/** The orders the money figures count: paid, live (TEST MODE never counts), in the range's days. */
export const paidOrdersIn = (range: DayRange) =>
  `/admin/orders?status=paid&mode=live&paidFrom=${range.from}&paidTo=${range.to}`;
/**
 * Each funnel step's list, narrowed to the range and to the funnel's attribution filter (the customers'
 * UTM source or short link at sign-up, which every one of these lists takes).
 */
export const FUNNEL_LINKS: Record<string, (range: DayRange) => string> = {
  signups: GROWTH_LINKS.signups,
  onboarding: GROWTH_LINKS.onboarding,
  firstPayment: (r) => `/admin/orders?first=1&paidFrom=${r.from}&paidTo=${r.to}`,
  einIssued: GROWTH_LINKS.einsIssued,
};
export function withAttribution(path: string, funnel: { link: string | null; utm: string | null }): string {
  const extra = new URLSearchParams();
  if (funnel.utm) extra.set('utm', funnel.utm);
  if (funnel.link) extra.set('link', funnel.link);
  const query = extra.toString();
  return query ? `${path}&${query}` : path;
}
