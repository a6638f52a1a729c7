/** The four formation stages of product.md#formation-states, in order. Stage numbers are index + 1. */
export const FORMATION_STATUSES = ['preparation', 'formation_completed', 'ein_created', 'process_completed'] as const;
export type FormationStatus = (typeof FORMATION_STATUSES)[number];

export function formationStage(status: FormationStatus | null | undefined): number {
  if (!status) return 1;
  return FORMATION_STATUSES.indexOf(status) + 1;
}

export const FORMATION_PREFERENCES = ['service', 'self'] as const;
export type FormationPreference = (typeof FORMATION_PREFERENCES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
