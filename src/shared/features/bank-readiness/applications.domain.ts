/** What a provider answered an application (decision 0084). */
export const APPLICATION_OUTCOMES = ['approved', 'more_info', 'refused'] as const;
export type ApplicationOutcome = (typeof APPLICATION_OUTCOMES)[number];

/** The longest reason kept, in characters. */
export const APPLICATION_REASON_MAX = 500;
