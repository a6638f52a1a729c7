import type { EinStatus } from '../ein/ein.domain';
import type { FormationStatus } from './formation.domain';

/*
 * Which email a change of stage sends (decision 0015). Every move INTO a formation or EIN status tells the
 * customer what changed and what to do next, with a link to the page where they do it. The server
 * queues the mail (features/notices); these rules are here so the texts, the links and the tests read
 * one table.
 */

/** The mail template of each notice; each has subject, body and action in the `mail` catalogue. */
export const STAGE_NOTICE_TEMPLATES = [
  'formationPreparation',
  'formationCompleted',
  'formationEinCreated',
  'formationProcessCompleted',
  'einWaitingForForm',
  'ss4Ready',
  'ss4Uploaded',
  'einSubmittedToIrs',
  'einIssued',
] as const;
export type StageNoticeTemplate = (typeof STAGE_NOTICE_TEMPLATES)[number];

export type StageChange =
  | { kind: 'formation'; from: FormationStatus | null; to: FormationStatus }
  | { kind: 'ein'; from: EinStatus | null; to: EinStatus };

/** What the rules need to know beyond the two statuses. */
export interface StageNoticeContext {
  /** The customer already has an EIN application (decides where formation_completed sends them). */
  hasEinApplication?: boolean;
}

export interface StageNotice {
  template: StageNoticeTemplate;
  /** The portal page the mail's button opens (a path; the server adds PUBLIC_URL). */
  path: string;
}

const FORMATION_NOTICES: Record<FormationStatus, (ctx: StageNoticeContext) => StageNotice> = {
  // Only an admin moves a formation back here; the guide is where the customer carries on.
  preparation: () => ({ template: 'formationPreparation', path: '/formation' }),
  // The next step is the EIN: straight to the wizard unless an application already exists.
  formation_completed: (ctx) => ({
    template: 'formationCompleted',
    path: ctx.hasEinApplication ? '/dashboard' : '/ein-application',
  }),
  ein_created: () => ({ template: 'formationEinCreated', path: '/dashboard' }),
  process_completed: () => ({ template: 'formationProcessCompleted', path: '/dashboard' }),
};

const EIN_NOTICES: Record<EinStatus, StageNotice> = {
  waiting_for_form: { template: 'einWaitingForForm', path: '/dashboard' },
  ss4_ready: { template: 'ss4Ready', path: '/ss4-instructions' },
  ss4_uploaded: { template: 'ss4Uploaded', path: '/dashboard' },
  submitted_to_irs: { template: 'einSubmittedToIrs', path: '/dashboard' },
  ein_issued: { template: 'einIssued', path: '/dashboard' },
};

/**
 * The notice a change sends, or null when nothing changed. A new record (from null) counts as a change
 * into its first status; the server does not call this for a new EIN application, whose submit is
 * already told by the formation's move to ein_created.
 */
export function stageNotice(change: StageChange, ctx: StageNoticeContext = {}): StageNotice | null {
  if (change.from === change.to) return null;
  return change.kind === 'formation' ? FORMATION_NOTICES[change.to](ctx) : EIN_NOTICES[change.to];
}

/**
 * The EIN status as the customer lives it. An application an admin advanced to ss4_ready before
 * uploading the form has nothing to sign yet: for the customer it is still waiting for the form, so the
 * "ready to sign" mail goes when the form arrives, not when the status moved without it.
 */
export function customerEinStatus(status: EinStatus, hasPreparedSs4: boolean): EinStatus {
  return status === 'ss4_ready' && !hasPreparedSs4 ? 'waiting_for_form' : status;
}
