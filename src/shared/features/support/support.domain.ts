/**
 * Support threads (product.md#support-statuses "Support thread status"): four statuses that admins may set in any order;
 * a new thread starts open. The SQL of support.service.ts computes the same rules for whole lists
 * (counts, pages); these functions are the reference the web and the tests share.
 */
/** Admins may set any of these from any other (product.md#support-statuses): there is no transition table to check. */
export const SUPPORT_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SUPPORT_INITIAL_STATUS: SupportStatus = 'open';

/** Statuses in which the thread no longer needs us; a customer reply takes it back to open. */
export const SUPPORT_FINISHED_STATUSES: readonly SupportStatus[] = ['resolved', 'closed'];

/** The status after a customer's reply: a resolved or closed thread is reopened, others keep theirs. */
export function statusAfterCustomerReply(status: SupportStatus): SupportStatus {
  return SUPPORT_FINISHED_STATUSES.includes(status) ? 'open' : status;
}

/** A customer reply that reopens the thread is news for the staff (they get a notice mail). */
export function customerReplyReopens(status: SupportStatus): boolean {
  return statusAfterCustomerReply(status) !== status;
}

export interface SupportMessageFacts {
  isAdminReply: boolean;
  createdAt: Date;
}

/** The newest message (ties, which only one transaction could make, go to the later one in the list). */
function newest<T extends SupportMessageFacts>(messages: readonly T[]): T | null {
  let found: T | null = null;
  for (const m of messages) if (!found || m.createdAt.getTime() >= found.createdAt.getTime()) found = m;
  return found;
}

/**
 * "Waiting for us since": while the thread is open or in progress and its newest message is the
 * customer's, the time of that message. A thread without messages (the customer gave only a subject)
 * waits since it was created. Resolved and closed threads wait for no one: staff closed them.
 */
export function waitingSince(
  thread: { status: SupportStatus; createdAt: Date },
  messages: readonly SupportMessageFacts[],
): Date | null {
  if (SUPPORT_FINISHED_STATUSES.includes(thread.status)) return null;
  const last = newest(messages);
  if (!last) return thread.createdAt;
  return last.isAdminReply ? null : last.createdAt;
}

/**
 * Staff replies the customer has not read yet: those newer than both the last time the customer
 * opened the thread and the customer's own newest message in it (writing in a thread means having
 * read it).
 */
export function unreadStaffReplies(
  messages: readonly SupportMessageFacts[],
  customerReadAt: Date | null = null,
): number {
  let seen = customerReadAt ? customerReadAt.getTime() : Number.NEGATIVE_INFINITY;
  for (const m of messages) if (!m.isAdminReply) seen = Math.max(seen, m.createdAt.getTime());
  return messages.filter((m) => m.isAdminReply && m.createdAt.getTime() > seen).length;
}

/** Staff replies in a row mail the customer at most once per thread in this window. */
export const SUPPORT_REPLY_MAIL_WINDOW_MINUTES = 10;

/** The first lines of a message, for the notice mail; the full text is on the site. */
export function messageExcerpt(message: string, maxLines = 5, maxChars = 500): string {
  const lines = message.trim().split(/\r?\n/).slice(0, maxLines);
  let text = lines.join('\n');
  const more = text.length > maxChars || message.trim().split(/\r?\n/).length > maxLines;
  if (text.length > maxChars) text = text.slice(0, maxChars).trimEnd();
  return more ? `${text}…` : text;
}
