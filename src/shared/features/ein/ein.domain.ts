/** The EIN chain of product.md#ein-states: one step at a time, ein_issued is final. */
export const EIN_STATUSES = [
  'waiting_for_form',
  'ss4_ready',
  'ss4_uploaded',
  'submitted_to_irs',
  'ein_issued',
] as const;
export type EinStatus = (typeof EIN_STATUSES)[number];

export const EIN_FINAL_STATUS: EinStatus = 'ein_issued';

export function einStage(status: EinStatus | null | undefined): number {
  if (!status) return 1;
  return EIN_STATUSES.indexOf(status) + 1;
}

/** The one status an application may move to next, or null once the EIN is issued. */
export function nextEinStatus(status: EinStatus): EinStatus | null {
  const i = EIN_STATUSES.indexOf(status);
  return i >= 0 && i < EIN_STATUSES.length - 1 ? EIN_STATUSES[i + 1] : null;
}

/** Only the next step of the chain: no skips, no moves backwards, nothing after ein_issued. */
export function canAdvanceEin(from: EinStatus, to: EinStatus): boolean {
  return nextEinStatus(from) === to;
}

/**
 * Which status each upload needs, and which it sets (product.md#ein-states):
 * - the admin's prepared SS-4 sets ss4_ready; it may be replaced until the customer has signed it;
 * - the customer's signed SS-4 sets ss4_uploaded; it may be replaced until the form goes to the IRS;
 * - the admin's EIN document is accepted only at submitted_to_irs and sets ein_issued.
 */
export const EIN_UPLOAD_RULES = {
  preparedSs4: { allowedFrom: ['waiting_for_form', 'ss4_ready'], sets: 'ss4_ready' },
  signedSs4: { allowedFrom: ['ss4_ready', 'ss4_uploaded'], sets: 'ss4_uploaded' },
  einDocument: { allowedFrom: ['submitted_to_irs'], sets: 'ein_issued' },
} as const satisfies Record<string, { allowedFrom: readonly EinStatus[]; sets: EinStatus }>;
export type EinUpload = keyof typeof EIN_UPLOAD_RULES;

export function canUploadEinFile(upload: EinUpload, status: EinStatus): boolean {
  return (EIN_UPLOAD_RULES[upload].allowedFrom as readonly EinStatus[]).includes(status);
}

/** The SSN as admins see it by default: only the last four digits. */
export function maskSsn(last4: string | null | undefined): string | null {
  return last4 ? `***-**-${last4}` : null;
}
