import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Language } from '../../../shared/i18n/languages';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Logger } from '../logger';
import { type MailTemplate, type MailVars, renderMail } from './templates';
import type { MailTransport } from './transport';

export const MAX_MAIL_ATTEMPTS = 5;

/**
 * A worker that claimed a mail and then died (a crash, a database restart mid-send) leaves it
 * `sending`; after this long another round takes it again. Sending is therefore at-least-once; the
 * outbox row's id is the Message-ID, so a receiving server or client can spot the duplicate.
 */
export const MAIL_CLAIM_LEASE_MS = 5 * 60 * 1000;

/** Seconds to wait before attempt n+1: 10 s, 40 s, 160 s, ... capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 10 * 4 ** (attempts - 1));
}

export interface MailInput {
  to: string;
  template: MailTemplate;
  lang: Language;
  vars: MailVars;
  /**
   * A mail that must exist at most once (a deadline reminder): a second enqueue with the same key, from
   * this server or another, inserts nothing (the partial unique index mail_outbox_dedupe_key_idx).
   */
  dedupeKey?: string;
}

export interface Mailer {
  /**
   * Queues a mail. Pass the caller's transaction as `db` so the mail exists only if the change that
   * causes it commits; the worker then sends it on its next round instead of at once, because an
   * immediate send would look for the row before the transaction is committed.
   */
  enqueue(input: MailInput, db?: Pick<Db, 'insert'>): Promise<void>;
  /** Sends (or stores) every due mail now; the worker calls it on a timer and after each enqueue. */
  drain(): Promise<number>;
  /** Starts a drain in the background now, when the worker runs (after a transaction that queued mail). */
  kick(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/**
 * Mail goes into the outbox table in the same request that causes it, and an in-process worker sends
 * it. A crash or an SMTP outage therefore delays mail instead of losing it. Without a transport the
 * mail is marked `stored` and read at /dev/mail.
 */
export function createMailer(deps: { db: Db; transport: MailTransport | null; from: string; logger: Logger }): Mailer {
  const { db, transport, from, logger } = deps;
  const messageDomain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'portal.local';
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function drainOnce(): Promise<number> {
    // Claim due rows so that a second server copy does not send them too.
    const leaseExpired = new Date(Date.now() - MAIL_CLAIM_LEASE_MS);
    const claimed = await db
      .update(mailOutbox)
      .set({ status: 'sending', claimedAt: sql`now()` })
      .where(
        inArray(
          mailOutbox.id,
          db
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(
              or(
                and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
                and(
                  eq(mailOutbox.status, 'sending'),
                  or(isNull(mailOutbox.claimedAt), lt(mailOutbox.claimedAt, leaseExpired)),
                ),
              ),
            )
            .orderBy(asc(mailOutbox.createdAt))
            .limit(20)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
    for (const mail of claimed) {
      if (!transport) {
        await db.update(mailOutbox).set({ status: 'stored' }).where(eq(mailOutbox.id, mail.id));
        continue;
      }
      const attempts = mail.attempts + 1;
      try {
        await transport.send({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${mail.id}@${messageDomain}>`,
        });
        // Once delivered the body (a reset link, a verification link) has no reason to stay readable.
        await db
          .update(mailOutbox)
          .set({ status: 'sent', attempts, sentAt: new Date(), lastError: null, text: '', html: '' })
          .where(eq(mailOutbox.id, mail.id));
        logger.info({ mailId: mail.id, template: mail.template }, 'mail sent');
      } catch (err) {
        const failed = attempts >= MAX_MAIL_ATTEMPTS;
        await db
          .update(mailOutbox)
          .set({
            status: failed ? 'failed' : 'queued',
            attempts,
            lastError: String((err as Error).message ?? err).slice(0, 500),
            nextAttemptAt: new Date(Date.now() + retryDelaySeconds(attempts) * 1000),
          })
          .where(eq(mailOutbox.id, mail.id));
        logger.warn({ mailId: mail.id, attempts, err: (err as Error).message }, failed ? 'mail failed' : 'mail retry');
      }
    }
    return claimed.length;
  }

  async function drain(): Promise<number> {
    // One drain at a time per process; a caller arriving mid-drain waits for it and then runs again.
    while (running) await running.catch(() => 0);
    running = (async () => {
      let total = 0;
      for (;;) {
        const n = await drainOnce();
        total += n;
        if (n === 0) return total;
      }
    })();
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  function kick() {
    drain().catch((err) => logger.error({ err }, 'mail worker failed'));
  }

  return {
    async enqueue({ to, template, lang, vars, dedupeKey }, tx) {
      const rendered = renderMail(template, lang, vars);
      const insert = (tx ?? db).insert(mailOutbox).values({ to, template, lang, ...rendered, dedupeKey });
      await (dedupeKey
        ? insert.onConflictDoNothing({ target: mailOutbox.dedupeKey, where: sql`${mailOutbox.dedupeKey} is not null` })
        : insert);
      if (timer && !tx) kick();
    },
    drain,
    kick() {
      if (timer) kick();
    },
    start(intervalMs = 5000) {
      if (timer) return;
      timer = setInterval(kick, intervalMs);
      timer.unref();
      kick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (running) await running.catch(() => 0);
      transport?.close();
    },
  };
}
