import { eq, lt, sql } from 'drizzle-orm';
import type { RateLimit, RateLimitName, RateLimits } from '../../../shared/domain/limits';
import type { Db } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

type Executor = Pick<Db, 'execute' | 'delete' | 'update'>;

export interface RateLimiter {
  /**
   * Counts one hit against `name` for `subject` and says whether it is still within the limit. The
   * count is bumped before the caller does anything, in one statement, so N parallel requests get
   * counts 1..N and only the first `max` pass.
   */
  hit(name: RateLimitName, subject: string): Promise<boolean>;
  /** Takes one hit back (a sign-in that turned out right is not a failure). */
  undo(name: RateLimitName, subject: string): Promise<void>;
  /** Forgets every hit of `subject` (a password reset clears the email's sign-in counter). */
  clear(name: RateLimitName, subject: string): Promise<void>;
  /** Forgets every subject of `name` that starts with `prefix`. */
  clearPrefix(name: RateLimitName, prefix: string): Promise<void>;
}

const keyOf = (name: RateLimitName, subject: string) => `${name}:${subject}`;

export function createRateLimiter(db: Executor, limits: RateLimits): RateLimiter {
  let hitsSincePrune = 0;

  async function prune() {
    // Old windows are useless; trimming now and then keeps the table small without a separate job.
    const longest = Math.max(...Object.values(limits).map((l: RateLimit) => l.windowMs));
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStartedAt, new Date(Date.now() - 2 * longest)));
  }

  return {
    async hit(name, subject) {
      const limit = limits[name];
      const seconds = Math.ceil(limit.windowMs / 1000);
      const expired = sql`${rateLimitCounters.windowStartedAt} <= now() - make_interval(secs => ${seconds})`;
      const result = await db.execute<{ count: number }>(sql`
        insert into ${rateLimitCounters} (key, count, window_started_at) values (${keyOf(name, subject)}, 1, now())
        on conflict (key) do update set
          count = case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end,
          window_started_at = case when ${expired} then now() else ${rateLimitCounters.windowStartedAt} end
        returning count`);
      hitsSincePrune += 1;
      if (hitsSincePrune >= 500) {
        hitsSincePrune = 0;
        await prune();
      }
      return Number(result.rows[0]?.count ?? 0) <= limit.max;
    },
    async undo(name, subject) {
      await db
        .update(rateLimitCounters)
        .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
        .where(eq(rateLimitCounters.key, keyOf(name, subject)));
    },
    async clear(name, subject) {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, keyOf(name, subject)));
    },
    async clearPrefix(name, prefix) {
      // starts_with, not LIKE: the prefix is an email, whose `_` and `%` would be wildcards.
      await db.delete(rateLimitCounters).where(sql`starts_with(${rateLimitCounters.key}, ${keyOf(name, prefix)})`);
    },
  };
}
