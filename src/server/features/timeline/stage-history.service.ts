import { eq, sql } from 'drizzle-orm';
import type { EinStatus } from '../../../shared/features/ein/ein.domain';
import type { CustomerEinFollowUp } from '../../../shared/features/ein/ein-follow-ups.contracts';
import { customerEinStatus } from '../../../shared/features/formations/stage-notices.domain';
import {
  chooseExpectedWait,
  type ExpectedWait,
  MEDIAN_WINDOW_DAYS,
  nextStageOf,
  STAGE_KINDS,
  type StageKind,
  type StageStats,
  stagesOf,
} from '../../../shared/features/formations/stage-waits.domain';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { companyFormations, einApplications, stageHistory } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';

/*
 * The timeline's dates (decision 0016): when each formation and EIN stage was reached, and how long this
 * portal's own applications usually stayed in each stage.
 */

export interface StageReached {
  userId: string;
  kind: StageKind;
  stage: string;
}

/**
 * Records that a stage was reached now: its stage_history row (a re-entered stage moves its date) and
 * the record's stage_reached_at, from the one clock reading. Call it inside the change's transaction.
 * clock_timestamp(), not now(): two stages reached in one transaction keep their order.
 */
export async function recordStageReached(tx: DbOrTx, { userId, kind, stage }: StageReached): Promise<void> {
  const [row] = await tx
    .insert(stageHistory)
    .values({ userId, kind, stage, reachedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: [stageHistory.userId, stageHistory.kind, stageHistory.stage],
      set: { reachedAt: sql`excluded.reached_at` },
    })
    .returning({ reachedAt: stageHistory.reachedAt });
  const table = kind === 'formation' ? companyFormations : einApplications;
  await tx.update(table).set({ stageReachedAt: row.reachedAt }).where(eq(table.userId, userId));
}

/** One stage of a timeline: when it was reached, null if it has not been (or not since a move back). */
export interface TimelineStage {
  stage: string;
  reachedAt: string | null;
}

export interface StageTimeline {
  current: string;
  stages: TimelineStage[];
  /** The current stage's usual wait; null for the last stage. */
  expectedWait: ExpectedWait | null;
  /** The EIN's follow-ups with the IRS (decision 0050), added by the dashboard's read at submitted_to_irs. */
  followUps?: CustomerEinFollowUp[];
}

/**
 * A customer's formation or EIN timeline. `current` is the stage as the customer lives it (the EIN's
 * ss4_ready without a form is still waiting_for_form). Stages after it show no date even when a row
 * remains from before an admin moved the record back; a current stage without a row (never expected)
 * falls back to the record's stage_reached_at.
 */
export function stageTimeline(
  reached: ReadonlyMap<string, Date>,
  input: { kind: StageKind; current: string; currentReachedAt: Date },
  stats: Map<string, StageStats>,
): StageTimeline {
  const stages = stagesOf(input.kind);
  const currentIndex = stages.indexOf(input.current);
  return {
    current: input.current,
    stages: stages.map((stage, i) => {
      const at = i === currentIndex ? (reached.get(stage) ?? input.currentReachedAt) : reached.get(stage);
      return { stage, reachedAt: i <= currentIndex && at ? at.toISOString() : null };
    }),
    expectedWait: chooseExpectedWait(
      input.kind,
      input.current,
      stats.get(`${input.kind}:${input.current}`) ?? { samples: 0, medianDays: null, p90Days: null },
    ),
  };
}

/**
 * How long each stage lasted (reached → next stage reached) for the stages finished in the last
 * MEDIAN_WINDOW_DAYS, by `kind:stage`: count, median and 90th percentile in days, in one query over
 * stage_history joined to itself (the next stage's row of the same user).
 */
export async function queryStageStats(db: DbOrTx): Promise<Map<string, StageStats>> {
  const pairs = STAGE_KINDS.flatMap((kind) =>
    stagesOf(kind).flatMap((stage) => {
      const next = nextStageOf(kind, stage);
      return next ? [sql`(${kind}::text, ${stage}::text, ${next}::text)`] : [];
    }),
  );
  const { rows } = (await db.execute(sql`
    select h.kind, h.stage, count(*)::int as samples,
      percentile_cont(0.5) within group (order by d.seconds) / 86400 as median_days,
      percentile_cont(0.9) within group (order by d.seconds) / 86400 as p90_days
    from (values ${sql.join(pairs, sql`, `)}) as s(kind, stage, next)
    join stage_history h on h.kind = s.kind and h.stage = s.stage
    join stage_history n on n.user_id = h.user_id and n.kind = s.kind and n.stage = s.next
    cross join lateral (select extract(epoch from (n.reached_at - h.reached_at))::float8 as seconds) d
    where n.reached_at >= now() - make_interval(days => ${MEDIAN_WINDOW_DAYS}::int)
      and n.reached_at >= h.reached_at
    group by h.kind, h.stage
  `)) as unknown as {
    rows: { kind: string; stage: string; samples: number; median_days: number | null; p90_days: number | null }[];
  };
  return new Map(
    rows.map((r) => [
      `${r.kind}:${r.stage}`,
      {
        samples: Number(r.samples),
        medianDays: r.median_days === null ? null : Number(r.median_days),
        p90Days: r.p90_days === null ? null : Number(r.p90_days),
      },
    ]),
  );
}

/*
 * Per-process cache of the stats. Every dashboard load needs them and the query reads half a year of
 * every customer's history, while a median moves by hours over weeks: a few minutes old is as true.
 * Per process on purpose: two servers may differ for those minutes, which no one can notice, and no
 * shared store is needed. Keyed by database so test apps never share it.
 */
const STATS_TTL_MS = 5 * 60 * 1000;
const statsCache = new WeakMap<object, { at: number; stats: Promise<Map<string, StageStats>> }>();

export function stageStats(db: DbOrTx): Promise<Map<string, StageStats>> {
  const hit = statsCache.get(db);
  const now = Date.now();
  if (hit && now - hit.at < STATS_TTL_MS) return hit.stats;
  const stats = queryStageStats(db);
  statsCache.set(db, { at: now, stats });
  // A failed query must not be served from the cache for the next five minutes.
  stats.catch(() => statsCache.delete(db));
  return stats;
}

/** Tests that build samples read the medians fresh. */
export function forgetStageStats(db: DbOrTx): void {
  statsCache.delete(db);
}

/** A user's stage dates of both kinds, in one statement: the dashboard reads it on every load. */
const historyOfUser = preparedFor((db) =>
  db
    .select({ kind: stageHistory.kind, stage: stageHistory.stage, reachedAt: stageHistory.reachedAt })
    .from(stageHistory)
    .where(eq(stageHistory.userId, sql.placeholder('userId')))
    .prepare('stage_history_of_user'),
);

/** The dashboard's two timelines: the formation's, and the EIN application's once there is one. */
export async function loadMyTimelines(
  db: Db,
  formation: { userId: string; formationStatus: string; stageReachedAt: Date },
  ein: { einStatus: EinStatus; uploadedSs4Key: string | null; stageReachedAt: Date } | null,
): Promise<{ formation: StageTimeline; ein: StageTimeline | null }> {
  const [rows, stats] = await Promise.all([historyOfUser(db).execute({ userId: formation.userId }), stageStats(db)]);
  const reached = { formation: new Map<string, Date>(), ein: new Map<string, Date>() };
  for (const row of rows) reached[row.kind].set(row.stage, row.reachedAt);
  return {
    formation: stageTimeline(
      reached.formation,
      { kind: 'formation', current: formation.formationStatus, currentReachedAt: formation.stageReachedAt },
      stats,
    ),
    ein: ein
      ? stageTimeline(
          reached.ein,
          {
            kind: 'ein',
            current: customerEinStatus(ein.einStatus, Boolean(ein.uploadedSs4Key)),
            currentReachedAt: ein.stageReachedAt,
          },
          stats,
        )
      : null,
  };
}
