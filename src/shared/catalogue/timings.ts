/** The stated timings of SPEC §9, as ranges the pages format in the user's language. */
export const TIMINGS = {
  application: { min: 15, max: 20, unit: 'minutes' },
  formation: { min: 2, max: 10, unit: 'businessDays' },
  formationWyomingMax: { min: 5, max: 5, unit: 'businessDays' },
  preparation: { min: 1, max: 2, unit: 'businessDays' },
  /** "3-6 weeks on the wizard copy": the turnkey wizard's overview. */
  einWizard: { min: 3, max: 6, unit: 'weeks' },
  /** "3-8 weeks on the onboarding and EIN pages". */
  einOnboarding: { min: 3, max: 8, unit: 'weeks' },
  bankAccount: { min: 2, max: 5, unit: 'businessDays' },
  totalProcess: { min: 4, max: 6, unit: 'weeks' },
  totalProcessWithPayment: { min: 4, max: 8, unit: 'weeks' },
} as const;
export type TimingKey = keyof typeof TIMINGS;

/**
 * The usual wait of each formation and EIN stage (issue 13), shown until this portal has enough of its
 * own applications to state a median (shared/domain/stage-waits). Final stages wait for nothing.
 */
export const STAGE_WAIT_DEFAULTS = {
  formation: {
    preparation: TIMINGS.formation,
    formation_completed: { min: 1, max: 2, unit: 'weeks' },
    ein_created: TIMINGS.einOnboarding,
  },
  ein: {
    waiting_for_form: TIMINGS.preparation,
    ss4_ready: { min: 1, max: 5, unit: 'businessDays' },
    ss4_uploaded: TIMINGS.preparation,
    submitted_to_irs: { min: 4, max: 8, unit: 'weeks' },
  },
} as const;
export type StageWaitRange = { min: number; max: number; unit: 'minutes' | 'businessDays' | 'weeks' };
