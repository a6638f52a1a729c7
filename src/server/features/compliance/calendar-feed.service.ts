import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ical from 'ical-generator';
import { EVENT_RULE_IDS } from '../../../shared/catalogue/compliance';
import { ruleTextVars } from '../../../shared/catalogue/compliance-format';
import { formatUsd } from '../../../shared/catalogue/money';
import type { ComplianceItemView, ComplianceView } from '../../../shared/features/compliance/compliance.contracts';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import type { Language } from '../../../shared/i18n/languages';
import type { Db } from '../../db/client';
import { calendarFeeds, users } from '../../db/schema';
import type { AppDeps } from '../../deps';

/**
 * The private calendar feed's token. Customers expect to find their subscription URL on the dashboard
 * whenever they look, yet only a hash of it may be stored. So the token is not stored at all: it is an
 * HMAC, under a key derived from the server's encryption key, of the user id and the feed's creation
 * instant (calendar_feeds.created_at, kept to the millisecond), and can be recomputed for display at any
 * time. Regenerating writes a new created_at, hence a new token and hash; the old URL then finds no row.
 * The 32-byte HMAC is as unguessable as 32 random bytes for anyone without the key.
 */
function feedKey(encryptionKey: string): Buffer {
  return createHmac('sha256', Buffer.from(encryptionKey, 'hex')).update('compliance-calendar-feed-v1').digest();
}

export function feedToken(encryptionKey: string, userId: string, createdAt: Date): string {
  return createHmac('sha256', feedKey(encryptionKey)).update(`${userId}:${createdAt.getTime()}`).digest('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/calendar/${token}.ics`;
}

/** The customer's feed URL, or null when there is none (or the server key changed: regenerate it). */
export async function currentFeedUrl(deps: AppDeps, userId: string): Promise<string | null> {
  const [row] = await deps.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  if (!row) return null;
  const token = feedToken(deps.encryptionKey, userId, row.createdAt);
  return tokenHash(token) === row.tokenHash ? feedUrl(deps.env.publicUrl, token) : null;
}

/** Creates the feed, or replaces it so that the previous URL stops working at once. */
export async function regenerateFeed(deps: AppDeps, userId: string): Promise<string> {
  const db = deps.database.db;
  const [previous] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .limit(1);
  let createdAt = new Date();
  // Two regenerations within one millisecond would give the same token back.
  if (previous && createdAt.getTime() <= previous.createdAt.getTime()) {
    createdAt = new Date(previous.createdAt.getTime() + 1);
  }
  const token = feedToken(deps.encryptionKey, userId, createdAt);
  const hash = tokenHash(token);
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hash, createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hash, createdAt } });
  return feedUrl(deps.env.publicUrl, token);
}

export async function feedOwner(db: Db, token: string): Promise<{ userId: string; lang: Language } | null> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId, lang: users.lang })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash(token)))
    .limit(1);
  return row ?? null;
}

/** The description lines of one item (where an event's date comes from, amount, penalty, extension, source), in the customer's language. */
export function itemDetails(item: ComplianceItemView, lang: Language, dashboardUrl: string): string[] {
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(lang, `compliance.${key}`, vars);
  const lines: string[] = [];
  // An item after an event carries a date of ours, not the IRS's: its text says where the date comes from
  // (Form 8822-B: the 60 days given for a change of responsible party, decision 0092).
  if (EVENT_RULE_IDS.includes(item.ruleId)) lines.push(t(`rules.${item.ruleId}.what`));
  if (item.amountCents !== null) lines.push(t('feed.amount', { amount: formatUsd(item.amountCents, lang) }));
  if (item.extendedDueDate)
    lines.push(t('feed.extended', { date: formatCalendarDateLong(item.extendedDueDate, lang) }));
  if (item.penalty) {
    lines.push(t('feed.penalty', { penalty: t(`rules.${item.ruleId}.penalty`, ruleTextVars(item, lang)) }));
  }
  lines.push(t('feed.source', { source: item.source === 'catalogue' ? dashboardUrl : item.source }));
  return lines;
}

export function buildCalendar(view: ComplianceView, lang: Language, publicUrl: string): string {
  const host = new URL(publicUrl).host;
  const dashboardUrl = `${publicUrl}/dashboard`;
  const calendar = ical({
    name: translate(lang, 'compliance.feed.name'),
    prodId: { company: host, product: 'compliance-calendar', language: lang.toUpperCase() },
  });
  for (const item of view.items) {
    const [year, month, day] = item.dueDate.split('-').map(Number);
    calendar.createEvent({
      // One UID per occurrence: a calendar updates the event in place instead of adding a copy.
      id: `${item.ruleId}-${item.dueDate}@${host}`,
      start: new Date(Date.UTC(year, month - 1, day)),
      allDay: true,
      summary: translate(lang, `compliance.rules.${item.ruleId}.name`),
      description: itemDetails(item, lang, dashboardUrl).join('\n'),
      url: dashboardUrl,
    });
  }
  return calendar.toString();
}
