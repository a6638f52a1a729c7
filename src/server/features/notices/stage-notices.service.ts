import { eq } from 'drizzle-orm';
import type { EinStatus } from '../../../shared/domain/ein';
import type { FormationStatus } from '../../../shared/domain/formation';
import { customerEinStatus, type StageNotice, stageNotice } from '../../../shared/domain/stage-notices';
import { toLanguage } from '../../../shared/i18n/languages';
import { einApplications, users } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';

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
    };

/**
 * Queues the one mail a formation or EIN status change sends (rules: shared/domain/stage-notices), in
 * the customer's language. Call it inside the transaction that makes the change, after the change, so
 * a rolled-back change sends nothing; no change (from === to) sends nothing. Returns the notice queued.
 * The caller kicks the mailer after commit (or leaves the mail to the worker's next round).
 */
export async function notifyStageChange(
  deps: Pick<AppDeps, 'mailer' | 'env'>,
  tx: DbOrTx,
  change: StageChangeInput,
): Promise<StageNotice | null> {
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
      vars: { name: user.name, url: `${deps.env.publicUrl}${notice.path}` },
    },
    tx,
  );
  return notice;
}
