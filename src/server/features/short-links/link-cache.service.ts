import { EventEmitter } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { shortLinks } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';

/** What the redirect needs of a link (product.md#short-links-and-attribution "select original_url and expires_at by slug"). */
export interface RedirectLink {
  id: string;
  slug: string;
  originalUrl: string;
  expiresAt: Date | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/**
 * A link as the cache holds it. `answer` is the redirect worked out once for this row (go.routes.ts
 * fills it): the row never changes while it is cached, since any change drops it.
 */
export interface CachedLink {
  link: RedirectLink;
  answer?: unknown;
}

/** The channel every copy of the portal NOTIFYs (the slug as payload) when a link changes. */
export const SHORT_LINKS_CHANNEL = 'short_links_changed';
/** Enough for every live campaign; a link past it is read from the database again. */
const MAX_ENTRIES = 5000;

export async function findBySlug(db: DbOrTx, slug: string): Promise<RedirectLink | null> {
  const [row] = await db
    .select({
      id: shortLinks.id,
      slug: shortLinks.slug,
      originalUrl: shortLinks.originalUrl,
      expiresAt: shortLinks.expiresAt,
      utmSource: shortLinks.utmSource,
      utmMedium: shortLinks.utmMedium,
      utmCampaign: shortLinks.utmCampaign,
    })
    .from(shortLinks)
    .where(eq(shortLinks.slug, slug))
    .limit(1);
  return row ?? null;
}

/**
 * The links of one database by slug, for the redirect (decision 0026), least recently used dropped
 * first. Only links that exist are kept: an unknown slug is asked of the database every time, so a
 * link created on another copy works there at once. A create, edit or delete drops the slug here
 * at once and, through NOTIFY on PostgreSQL, on every other copy. While the LISTEN connection is
 * down nothing is cached, and everything is dropped when it comes back: no copy serves a link from
 * before a change it may have missed.
 * Events (for tests): 'dropped' (slug, or null for all) and 'live' (boolean).
 */
export class ShortLinkCache extends EventEmitter {
  private readonly entries = new Map<string, CachedLink>();
  /** Bumped by every drop: a read that started before one must not put what it read in the cache. */
  private generation = 0;
  private live: boolean;
  private readonly listener: { stop(): Promise<void> } | null = null;

  constructor(
    private readonly database: Database,
    logger: AppDeps['logger'],
  ) {
    super();
    this.live = !database.listen;
    if (database.listen) {
      this.listener = database.listen(SHORT_LINKS_CHANNEL, {
        onNotify: (slug) => this.drop(slug),
        onLive: (live) => {
          this.dropAll();
          if (!live && this.live)
            logger.warn('short links: change notifications lost; redirects read the database until they are back');
          this.live = live;
          this.emit('live', live);
        },
        onError: (err) => logger.warn({ err }, 'short links: the connection for change notifications failed'),
      });
    }
  }

  get isLive(): boolean {
    return this.live;
  }

  /** The cached link, or undefined when it is not cached (unknown links never are). */
  peek(slug: string): CachedLink | undefined {
    const hit = this.entries.get(slug);
    if (hit) {
      this.entries.delete(slug);
      this.entries.set(slug, hit);
    }
    return hit;
  }

  async find(slug: string): Promise<CachedLink | null> {
    const hit = this.peek(slug);
    if (hit) return hit;
    const generation = this.generation;
    const link = await findBySlug(this.database.db, slug);
    if (!link) return null;
    const entry: CachedLink = { link };
    if (this.live && generation === this.generation) {
      this.entries.set(slug, entry);
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    }
    return entry;
  }

  drop(slug: string): void {
    this.generation += 1;
    this.entries.delete(slug);
    this.emit('dropped', slug);
  }

  dropAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.emit('dropped', null);
  }

  get size(): number {
    return this.entries.size;
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
  }
}

const caches = new WeakMap<Database, ShortLinkCache>();

/** The cache of this database's links, made on first use (one per database: one per process in production). */
export function shortLinkCache(deps: Pick<AppDeps, 'database' | 'logger'>): ShortLinkCache {
  let cache = caches.get(deps.database);
  if (!cache) {
    cache = new ShortLinkCache(deps.database, deps.logger);
    caches.set(deps.database, cache);
  }
  return cache;
}

/**
 * Inside the transaction that creates, edits or deletes the link: the NOTIFY is sent to the other
 * copies when it commits, and not at all when it rolls back.
 */
export async function announceLinkChange(tx: DbOrTx, slug: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${SHORT_LINKS_CHANNEL}, ${slug})`);
}

/** After that transaction committed: this process forgets the link at once, without waiting for its NOTIFY. */
export function forgetLink(deps: Pick<AppDeps, 'database'>, slug: string): void {
  caches.get(deps.database)?.drop(slug);
}
