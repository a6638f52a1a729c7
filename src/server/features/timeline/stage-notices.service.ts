import { eq } from 'drizzle-orm';
import type { EinStatus } from '../../../shared/features/ein/ein.domain';
import { formatEin } from '../../../shared/features/ein/ein-number.domain';
import type { FormationStatus } from '../../../shared/features/formations/formation.domain';
import {
  customerEinStatus,
  type StageNotice,
  stageNotice,
} from '../../../shared/features/formations/stage-notices.domain';
import { toLanguage } from '../../../shared/i18n/languages';
import { einApplications, users } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordStageReached } from './stage-history.service';

export type StageChangeInput =
  | { userId: string; kind: 'formation'; from: FormationStatus | null; to: FormationStatus }
  | {
      userId: string;
      kind: 'ein';
      from: EinStatus | null;
      to: EinStatus;
      /**
       * Whether the prepared SS-4 was there before and after the change. Left out, it is taken as there:
       * only the admin's advance to ss4_ready and the prepared-SS-4 upload need to say otherwise.
       */
      preparedSs4?: { before: boolean; after: boolean };
      /** The application's EIN after the change (nine digits); the issued mail shows it. */
      ein?: string | null;
    };

/**
 * Queues the one mail a formation or EIN status change sends (rules: shared/features/formations/stage-notices.domain.ts), in
 * the customer's language. Call it inside the transaction that makes the change, after the change, so
 * a rolled-back change sends nothing; no change (from === to) sends nothing. Returns the notice queued.
 * The caller kicks the mailer after commit (or leaves the mail to the worker's next round).
 * Also records the date the new stage was reached (stage_history, the record's stage_reached_at).
 */
export async function notifyStageChange(
  deps: Pick<AppDeps, 'mailer' | 'env'>,
  tx: DbOrTx,
  change: StageChangeInput,
): Promise<StageNotice | null> {
  // The timeline's date of the new stage (decision 0016) rides on the same one call every change makes.
  if (change.from !== change.to) {
    await recordStageReached(tx, { userId: change.userId, kind: change.kind, stage: change.to });
  }
  let notice: StageNotice | null;
  if (change.kind === 'ein') {
    const form = change.preparedSs4 ?? { before: true, after: true };
    notice = stageNotice({
      kind: 'ein',
      from: change.from && customerEinStatus(change.from, form.before),
      to: customerEinStatus(change.to, form.after),
    });
  } else {
    if (change.from === change.to) return null;
    const [application] =
      change.to === 'formation_completed'
        ? await tx
            .select({ id: einApplications.id })
            .from(einApplications)
            .where(eq(einApplications.userId, change.userId))
            .limit(1)
        : [];
    notice = stageNotice(
      { kind: 'formation', from: change.from, to: change.to },
      { hasEinApplication: Boolean(application) },
    );
  }
  if (!notice) return null;
  const [user] = await tx
    .select({ email: users.email, name: users.name, lang: users.lang })
    .from(users)
    .where(eq(users.id, change.userId))
    .limit(1);
  if (!user) return null;
  await deps.mailer.enqueue(
    {
      to: user.email,
      template: notice.template,
      lang: toLanguage(user.lang) ?? 'tr',
      vars: {
        name: user.name,
        url: `${deps.env.publicUrl}${notice.path}`,
        ...(change.kind === 'ein' && change.ein ? { ein: formatEin(change.ein) } : {}),
      },
    },
    tx,
  );
  return notice;
}
