import { randomUUID } from 'node:crypto';
import { addDays } from '../../../shared/format/calendar-days';
import {
  companyFormations,
  complianceMarks,
  complianceSchedule,
  einApplications,
  orders,
  services,
  shortLinks,
  stageHistory,
  supportMessages,
  supportThreads,
  userProfiles,
  users,
} from '../../db/schema';
import type { DbOrTx } from '../../db/tx';

/*
 * A small business whose home figures are known (decision 0055): March 2025 and, before it, February
 * 2025, plus the "now" figures (overdue EIN, a thread waiting, deadlines) relative to `today`. The API
 * test and the browser test read the same totals from OVERVIEW_EXPECTED.
 */

export const OVERVIEW_RANGE = { from: '2025-03-01', to: '2025-03-31' } as const;

export const OVERVIEW_EXPECTED = {
  growth: { signups: 5, onboarding: 3, formationsStarted: 1, formationsCompleted: 1, einsIssued: 1 },
  growthPrevious: { signups: 2, onboarding: 1, formationsStarted: 1, formationsCompleted: 0, einsIssued: 0 },
  funnel: { visits: 50, signups: 5, onboarding: 3, firstPayment: 2, einIssued: 1 },
  funnelPrevious: { visits: 50, signups: 2, onboarding: 1, firstPayment: 1, einIssued: 0 },
  funnelGoogle: { visits: 10, signups: 2, onboarding: 2, firstPayment: 2, einIssued: 1 },
  funnelSpring: { visits: 40, signups: 2, onboarding: 2, firstPayment: 1, einIssued: 1 },
  money: { cents: 59_900, orders: 3 },
  moneyPrevious: { cents: 49_900, orders: 1 },
  /** month 2025-03: stage → [samples, median days, p90 days] */
  irs: {
    waiting_for_form: [2, 2, 2],
    ss4_ready: [2, 1, 1],
    ss4_uploaded: [2, 2, 2],
    submitted_to_irs: [1, 10, 10],
  },
  overdue: 1,
  care: { threads: 3, replied: 2, medianHours: 14, p90Hours: 22 },
  carePrevious: { threads: 1, replied: 1, medianHours: 2, p90Hours: 2 },
  waitingOver24h: 1,
  dueSoon: 2,
  deadlinesOverdue: 1,
} as const;

const at = (iso: string) => new Date(iso);

export async function seedOverview(db: DbOrTx, today: string, tag = randomUUID().slice(0, 8)) {
  const customer = async (key: string, created: string, attribution: { utm?: string; link?: string } = {}) => {
    const id = `ov-${tag}-${key}`;
    const email = `${id}@example.com`;
    await db.insert(users).values({ id, name: `Müşteri ${key}`, email, createdAt: at(created) });
    await db.insert(userProfiles).values({
      id,
      email,
      utmSource: attribution.utm ?? null,
      shortLinkSlug: attribution.link ?? null,
      createdAt: at(created),
    });
    return id;
  };
  const formation = async (userId: string, created: string, completed?: string) => {
    const [row] = await db
      .insert(companyFormations)
      .values({
        userId,
        companyFormationPreference: 'service',
        createdAt: at(created),
        businessName: `Biz ${userId}`,
        // As the status change writes it: the record's status and the day it was reached.
        ...(completed && { formationStatus: 'formation_completed' as const, stageReachedAt: at(completed) }),
      })
      .returning({ id: companyFormations.id });
    return row.id;
  };
  const order = (userId: string, paid: string, cents: number, extra: Partial<typeof orders.$inferInsert>) =>
    db.insert(orders).values({
      userId,
      kind: 'service',
      amountCents: cents,
      status: 'paid',
      provider: 'stripe',
      paidAt: at(paid),
      createdAt: at(paid),
      ...extra,
    });
  const stages = async (userId: string, kind: 'ein' | 'formation', list: [string, string][]) => {
    for (const [stage, reached] of list)
      await db.insert(stageHistory).values({ userId, kind, stage, reachedAt: at(reached) });
  };
  const einApp = (
    userId: string,
    created: string,
    status: typeof einApplications.$inferInsert.einStatus,
    reached: string,
  ) =>
    db.insert(einApplications).values({
      userId,
      businessName: 'Anka LLC',
      email: `${userId}@example.com`,
      state: 'Wyoming',
      businessActivity: 'consulting',
      responsiblePartyName: 'Ayşe Yılmaz',
      responsiblePartyPhone: '+905551112233',
      einStatus: status,
      stageReachedAt: at(reached),
      createdAt: at(created),
    });
  const thread = async (userId: string, created: string, replyAfterHours: number | null) => {
    const [t] = await db
      .insert(supportThreads)
      .values({ userId, subject: 'Soru', createdAt: at(created), lastMessageAt: at(created) })
      .returning({ id: supportThreads.id });
    await db.insert(supportMessages).values({ threadId: t.id, userId, message: 'Merhaba', createdAt: at(created) });
    if (replyAfterHours !== null) {
      const reply = new Date(at(created).getTime() + replyAfterHours * 3_600_000);
      await db
        .insert(supportMessages)
        .values({ threadId: t.id, userId, message: 'Yanıt', isAdminReply: true, createdAt: reply });
    }
  };

  const [service] = await db
    .insert(services)
    .values({ title: `Adres hizmeti ${tag}`, titleEn: `Address service ${tag}`, description: 'x', priceCents: 5000 })
    .returning({ id: services.id });
  await db.insert(shortLinks).values([
    { slug: `spring-${tag}`, originalUrl: 'https://example.com/signup', clickCount: 40 },
    { slug: `autumn-${tag}`, originalUrl: 'https://example.com/signup', clickCount: 10, utmSource: `google-${tag}` },
  ]);
  const google = `google-${tag}`;
  const spring = `spring-${tag}`;

  const c1 = await customer('c1', '2025-03-02T09:00:00Z', { utm: google, link: spring });
  const c2 = await customer('c2', '2025-03-09T09:00:00Z', { utm: google });
  const c3 = await customer('c3', '2025-03-14T09:00:00Z', { link: spring });
  await customer('c4', '2025-03-20T09:00:00Z');
  await customer('c5', '2025-03-31T23:30:00Z', { utm: `newsletter-${tag}` });
  const p1 = await customer('p1', '2025-02-10T09:00:00Z');
  await customer('p2', '2025-02-20T09:00:00Z');

  const f1 = await formation(c1, '2025-03-03T09:00:00Z', '2025-03-06T09:00:00Z');
  await formation(c2, '2025-03-10T09:00:00Z');
  await formation(c3, '2025-03-15T09:00:00Z');
  await formation(p1, '2025-02-11T09:00:00Z');

  await order(c1, '2025-03-04T09:00:00Z', 49_900, { kind: 'formation_package', packageId: 'formation_only' });
  await order(c2, '2025-03-11T09:00:00Z', 5_000, { serviceId: service.id });
  await order(c2, '2025-03-12T09:00:00Z', 5_000, { serviceId: service.id });
  // TEST MODE (the local checkout): never revenue, never a first payment.
  await order(c3, '2025-03-12T10:00:00Z', 9_999, { serviceId: service.id, provider: 'local' });
  // Not paid: never counted.
  await order(c3, '2025-03-13T10:00:00Z', 5_000, { serviceId: service.id, status: 'pending', paidAt: null });
  await order(p1, '2025-02-12T09:00:00Z', 49_900, { kind: 'formation_package', packageId: 'formation_only' });

  await stages(c1, 'formation', [
    ['preparation', '2025-03-03T09:00:00Z'],
    ['formation_completed', '2025-03-06T09:00:00Z'],
  ]);
  await einApp(c1, '2025-03-05T09:00:00Z', 'ein_issued', '2025-03-20T09:00:00Z');
  await stages(c1, 'ein', [
    ['waiting_for_form', '2025-03-05T09:00:00Z'],
    ['ss4_ready', '2025-03-07T09:00:00Z'],
    ['ss4_uploaded', '2025-03-08T09:00:00Z'],
    ['submitted_to_irs', '2025-03-10T09:00:00Z'],
    ['ein_issued', '2025-03-20T09:00:00Z'],
  ]);
  await einApp(c3, '2025-03-16T09:00:00Z', 'submitted_to_irs', '2025-03-21T09:00:00Z');
  await stages(c3, 'ein', [
    ['waiting_for_form', '2025-03-16T09:00:00Z'],
    ['ss4_ready', '2025-03-18T09:00:00Z'],
    ['ss4_uploaded', '2025-03-19T09:00:00Z'],
    ['submitted_to_irs', '2025-03-21T09:00:00Z'],
  ]);

  await thread(c1, '2025-03-05T10:00:00Z', 4);
  await thread(c2, '2025-03-12T09:00:00Z', 24);
  await thread(c3, '2025-03-20T08:00:00Z', null);
  await thread(p1, '2025-02-11T10:00:00Z', 2);

  const schedule = (ruleId: string, due: string) =>
    db.insert(complianceSchedule).values({ formationId: f1, userId: c1, ruleId, formedOn: '2025-03-01', dueDate: due });
  await schedule('wyoming_annual_report', addDays(today, 5));
  await schedule('federal_form_5472', addDays(today, 20));
  await schedule('registered_agent_renewal', addDays(today, 10));
  await db.insert(complianceMarks).values({ userId: c1, itemKey: `registered_agent_renewal:${addDays(today, 10)}` });
  // Passed and not rolled on yet, nobody marked it: overdue.
  await schedule('delaware_llc_annual_tax', addDays(today, -5));

  return { tag, google, spring, serviceId: service.id, customers: { c1, c2, c3, p1 } };
}
