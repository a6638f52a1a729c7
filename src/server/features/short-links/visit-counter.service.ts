import { sql } from 'drizzle-orm';
import type { VisitKind } from '../../../shared/features/short-links/short-links.domain';
import type { Database } from '../../db/client';
import { shortLinks } from '../../db/schema';
import type { AppDeps } from '../../deps';

type Deps = Pick<AppDeps, 'database' | 'logger'>;

/** How long visits gather in memory before they are written: the admin's counts lag by at most this. */
export const VISIT_FLUSH_MS = 1000;
/** A write that keeps failing (the database gone for good) gives up after this many tries. */
const MAX_ATTEMPTS = 10;
/** Rows per UPDATE: far below PostgreSQL's 65,535 parameters (three per row). */
const ROWS_PER_STATEMENT = 5000;

interface Tally {
  clicks: number;
  shares: number;
  attempts: number;
}

/**
 * product.md#short-links-and-attribution increment_click_count, batched (decision 0026): every visit this process answers is added
 * up in memory per link, and once a second the sums are written as `click_count = click_count + n`,
 * one statement for all links. Concurrent copies still cannot overwrite each other's counts, and a
 * busy link costs one row lock per second instead of one per visit. Visitors never wait for it.
 */
class VisitCounter {
  private tallies = new Map<string, Tally>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(private readonly deps: Deps) {}

  get idle(): boolean {
    return this.tallies.size === 0 && !this.writing;
  }

  add(linkId: string, kind: 'click' | 'share'): void {
    let tally = this.tallies.get(linkId);
    if (!tally) {
      tally = { clicks: 0, shares: 0, attempts: 0 };
      this.tallies.set(linkId, tally);
    }
    if (kind === 'click') tally.clicks += 1;
    else tally.shares += 1;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.tallies.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, VISIT_FLUSH_MS);
    // A pending write does not keep the process alive: shutdown settles it (main.ts).
    this.timer.unref();
  }

  /** Writes what has gathered so far; one write at a time, so a link's sums are never written twice. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.tallies.size === 0) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.tallies;
    this.tallies = new Map();
    this.writing = this.write(batch).finally(() => {
      this.writing = null;
    });
    await this.writing;
    this.schedule();
  }

  private async write(batch: Map<string, Tally>): Promise<void> {
    // In id order, so that two copies writing the same links lock them in the same order.
    const rows = [...batch].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
      try {
        await this.deps.database.db.execute(sql`
          update ${shortLinks} set
            click_count = ${shortLinks}.click_count + v.clicks,
            share_count = ${shortLinks}.share_count + v.shares
          from (values ${sql.join(
            chunk.map(([id, t]) => sql`(${id}::uuid, ${t.clicks}::int, ${t.shares}::int)`),
            sql`, `,
          )}) as v(id, clicks, shares)
          where ${shortLinks}.id = v.id`);
      } catch (err) {
        this.putBack(chunk, err);
      }
    }
  }

  /** A failed write is tried again with the next one (visits since then added), up to MAX_ATTEMPTS. */
  private putBack(chunk: Array<[string, Tally]>, err: unknown): void {
    const lost: Array<{ linkId: string; clicks: number; shares: number }> = [];
    for (const [linkId, tally] of chunk) {
      if (tally.attempts + 1 >= MAX_ATTEMPTS) {
        lost.push({ linkId, clicks: tally.clicks, shares: tally.shares });
        continue;
      }
      const now = this.tallies.get(linkId);
      this.tallies.set(linkId, {
        clicks: tally.clicks + (now?.clicks ?? 0),
        shares: tally.shares + (now?.shares ?? 0),
        attempts: tally.attempts + 1,
      });
    }
    if (lost.length) this.deps.logger.error({ err, lost }, 'short link visits not counted');
    else this.deps.logger.warn({ err, links: chunk.length }, 'short link visits not yet counted; trying again');
  }
}

const counters = new WeakMap<Database, VisitCounter>();
/** Counters with something to write, for settleVisits. */
const busy = new Set<VisitCounter>();

/**
 * Counts one answered visit to a link (classifyVisit decides the kind: HEAD and bots are 'none').
 * Written within VISIT_FLUSH_MS, or when settleVisits is called.
 */
export function countVisit(deps: Deps, linkId: string, kind: VisitKind): void {
  if (kind === 'none') return;
  let counter = counters.get(deps.database);
  if (!counter) {
    counter = new VisitCounter(deps);
    counters.set(deps.database, counter);
  }
  counter.add(linkId, kind);
  busy.add(counter);
}

/**
 * Writes every visit counted so far and resolves once they are in the database (or failed: a write
 * that fails here is tried again until MAX_ATTEMPTS, as it would have been). For shutdown and tests.
 */
export async function settleVisits(): Promise<void> {
  while (busy.size) {
    let failed = false;
    for (const counter of [...busy]) {
      await counter.flush();
      if (counter.idle) busy.delete(counter);
      else failed = true;
    }
    // What is left was put back by a failed write (or came in meanwhile): a moment before the next try.
    if (failed) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
