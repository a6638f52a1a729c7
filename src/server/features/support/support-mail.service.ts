import { and, eq, sql } from 'drizzle-orm';
import { messageExcerpt, SUPPORT_REPLY_MAIL_WINDOW_MINUTES } from '../../../shared/features/support/support.domain';
import { translate } from '../../../shared/i18n';
import { toLanguage } from '../../../shared/i18n/languages';
import { auditEvents, users } from '../../db/schema';
import type { Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import type { MailTemplate } from '../../platform/mail/templates';
import { ENTITY, type SupportThreadRow } from './support.service';

function threadUrl(deps: AppDeps, threadId: string, admin: boolean): string {
  return `${deps.env.publicUrl}${admin ? '/admin/support' : '/support'}?thread=${threadId}`;
}

/** SUPPORT_NOTIFY_EMAIL's notice of a new thread or a reopening; nothing when the setting is unset. */
export async function mailStaff(
  deps: AppDeps,
  tx: Tx,
  template: Extract<MailTemplate, 'supportNewThread' | 'supportReopened'>,
  thread: SupportThreadRow,
  text: string | undefined,
): Promise<void> {
  const to = deps.env.SUPPORT_NOTIFY_EMAIL;
  if (!to) return;
  // The staff address has no account and so no language: the portal's default, Turkish.
  const lang = 'tr';
  await deps.mailer.enqueue(
    {
      to,
      template,
      lang,
      vars: {
        name: translate(lang, 'mail.staffName'),
        url: threadUrl(deps, thread.id, true),
        subject: thread.subject,
        excerpt: text ? messageExcerpt(text) : undefined,
      },
    },
    tx,
  );
}

/**
 * Mails the customer about a staff reply, unless one was queued for this thread in the last
 * SUPPORT_REPLY_MAIL_WINDOW_MINUTES. The marker is the audit row of that earlier reply
 * (`after.customerMailed`): the outbox row cannot serve, since a sent mail's body (where the thread's
 * link is) is blanked. The caller holds the thread's lock, so two replies at once cannot both mail.
 * Returns whether a mail was queued.
 */
export async function mailCustomerOfReply(
  deps: AppDeps,
  tx: Tx,
  thread: SupportThreadRow,
  text: string,
): Promise<boolean> {
  const [recent] = await tx
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, ENTITY),
        eq(auditEvents.entityId, thread.id),
        sql`${auditEvents.after} ->> 'customerMailed' = 'true'`,
        sql`${auditEvents.createdAt} > now() - interval '${sql.raw(String(SUPPORT_REPLY_MAIL_WINDOW_MINUTES))} minutes'`,
      ),
    )
    .limit(1);
  if (recent) return false;
  const [user] = await tx
    .select({ email: users.email, name: users.name, lang: users.lang })
    .from(users)
    .where(eq(users.id, thread.userId))
    .limit(1);
  if (!user) return false;
  await deps.mailer.enqueue(
    {
      to: user.email,
      template: 'supportReply',
      lang: toLanguage(user.lang) ?? 'tr',
      vars: {
        name: user.name,
        url: threadUrl(deps, thread.id, false),
        subject: thread.subject,
        excerpt: messageExcerpt(text),
      },
    },
    tx,
  );
  return true;
}
