import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../deps';
import { countVisit, settleVisits, VISIT_FLUSH_MS } from './visit-counter.service';

const dialect = new PgDialect();
const LINK_A = '00000000-0000-4000-8000-00000000000a';
const LINK_B = '00000000-0000-4000-8000-00000000000b';

/** A database that records each statement as its parameters: (id, clicks, shares) per link. */
function fakeDeps(fail: () => boolean = () => false) {
  const writes: unknown[][] = [];
  const execute = vi.fn(async (query: SQL) => {
    if (fail()) throw new Error('connection terminated');
    writes.push(dialect.sqlToQuery(query).params);
  });
  const logger = { warn: vi.fn(), error: vi.fn() };
  const deps = { database: { db: { execute } }, logger } as unknown as Pick<AppDeps, 'database' | 'logger'>;
  return { deps, writes, execute, logger };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('visits are written in batches (decision 0026)', () => {
  it('one statement per second for every link, with the sums; HEAD and bots are not counted', async () => {
    const { deps, writes } = fakeDeps();
    for (let i = 0; i < 5; i += 1) countVisit(deps, LINK_B, 'click');
    countVisit(deps, LINK_B, 'share');
    countVisit(deps, LINK_A, 'click');
    countVisit(deps, LINK_A, 'none');
    await vi.advanceTimersByTimeAsync(VISIT_FLUSH_MS - 1);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // In id order, so that copies lock the rows in the same order.
    expect(writes).toEqual([[LINK_A, 1, 0, LINK_B, 5, 1]]);

    countVisit(deps, LINK_A, 'click');
    await vi.advanceTimersByTimeAsync(VISIT_FLUSH_MS);
    expect(writes).toEqual([
      [LINK_A, 1, 0, LINK_B, 5, 1],
      [LINK_A, 1, 0],
    ]);
    // Nothing more to write: no further statements.
    await vi.advanceTimersByTimeAsync(VISIT_FLUSH_MS * 3);
    expect(writes).toHaveLength(2);
  });

  it('settleVisits writes at once, without waiting for the second', async () => {
    const { deps, writes } = fakeDeps();
    countVisit(deps, LINK_A, 'click');
    countVisit(deps, LINK_A, 'click');
    await settleVisits();
    expect(writes).toEqual([[LINK_A, 2, 0]]);
  });

  it('a failed write is added to the next one, and none is lost', async () => {
    let failing = true;
    const { deps, writes, logger } = fakeDeps(() => failing);
    countVisit(deps, LINK_A, 'click');
    await vi.advanceTimersByTimeAsync(VISIT_FLUSH_MS);
    expect(writes).toEqual([]);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    failing = false;
    countVisit(deps, LINK_A, 'click');
    countVisit(deps, LINK_A, 'share');
    await vi.advanceTimersByTimeAsync(VISIT_FLUSH_MS);
    expect(writes).toEqual([[LINK_A, 2, 1]]);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('gives up, and says so, when the database keeps failing (it has gone for good)', async () => {
    const { deps, writes, logger, execute } = fakeDeps(() => true);
    countVisit(deps, LINK_A, 'click');
    await vi.advanceTimersByTimeAsync(VISIT_FLUSH_MS * 20);
    expect(writes).toEqual([]);
    expect(execute).toHaveBeenCalledTimes(10);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ lost: [{ linkId: LINK_A, clicks: 1, shares: 0 }] }),
      'short link visits not counted',
    );
  });
});
