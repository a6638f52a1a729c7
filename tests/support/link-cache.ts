import { expect } from 'vitest';
import type { CachedLink, ShortLinkCache } from '../../src/server/features/short-links/link-cache.service';

/**
 * Visits a link until `cache` holds it, and gives the entry. One visit is not always enough on
 * PostgreSQL: the NOTIFY of the link's own create (or edit) arrives a moment after its commit, and
 * when it lands while a visit is reading the row, the cache rightly keeps that read out (a drop
 * during a read means the row may be stale). A test that asserts on the cached entry waits for it.
 */
export async function visitUntilCached(
  cache: ShortLinkCache,
  slug: string,
  visit: () => Promise<unknown>,
): Promise<CachedLink> {
  let entry: CachedLink | undefined;
  await expect
    .poll(async () => {
      await visit();
      entry = cache.peek(slug);
      return entry !== undefined;
    })
    .toBe(true);
  return entry as CachedLink;
}
