/** The EIN chain of SPEC §4: one step at a time, ein_issued is final. */
export const EIN_STATUSES = [
  'waiting_for_form',
  'ss4_ready',
  'ss4_uploaded',
  'submitted_to_irs',
  'ein_issued',
] as const;
export type EinStatus = (typeof EIN_STATUSES)[number];

export function einStage(status: EinStatus | null | undefined): number {
  if (!status) return 1;
  return EIN_STATUSES.indexOf(status) + 1;
}
