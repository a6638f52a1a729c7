/** The stated timings of product.md#timings, as ranges the pages format in the user's language. */
export const TIMINGS = {
  application: { min: 15, max: 20, unit: 'minutes' },
  formation: { min: 2, max: 10, unit: 'businessDays' },
  /** Wyoming's usual formation time: a typical figure, not a promise (product.md#size-and-count-limits says "at most"). */
  formationWyoming: { min: 5, max: 5, unit: 'businessDays' },
  preparation: { min: 1, max: 2, unit: 'businessDays' },
  /**
   * The one EIN wait every page and mail states: an SS-4 from an applicant abroad, sent by fax, often
   * takes this long. product.md#timings gave 3-6 weeks on the wizard and 3-8 elsewhere; one figure is shown (the
   * longer, as applications from abroad wait longer than the IRS's own turnaround; decision 0033).
   */
  ein: { min: 3, max: 8, unit: 'weeks' },
  /** The IRS's stated answer time for a faxed SS-4 with a return fax number (irs.gov "Get an EIN"). */
  einFax: { min: 4, max: 4, unit: 'businessDays' },
  bankAccount: { min: 2, max: 5, unit: 'businessDays' },
  totalProcess: { min: 4, max: 6, unit: 'weeks' },
  totalProcessWithPayment: { min: 4, max: 8, unit: 'weeks' },
} as const;
export type TimingKey = keyof typeof TIMINGS;

/**
 * The usual wait of each formation and EIN stage (decision 0016), shown until this portal has enough of its
 * own applications to state a median (shared/features/formations/stage-waits.domain.ts). Final stages wait for nothing.
 */
export const STAGE_WAIT_DEFAULTS = {
  formation: {
    preparation: TIMINGS.formation,
    formation_completed: { min: 1, max: 2, unit: 'weeks' },
    ein_created: TIMINGS.ein,
  },
  ein: {
    waiting_for_form: TIMINGS.preparation,
    ss4_ready: { min: 1, max: 5, unit: 'businessDays' },
    ss4_uploaded: TIMINGS.preparation,
    submitted_to_irs: TIMINGS.ein,
  },
} as const;
export type StageWaitRange = { min: number; max: number; unit: 'minutes' | 'businessDays' | 'weeks' };
