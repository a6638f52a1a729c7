import { desc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  checkDestination,
  isReservedSlug,
  isSlugShaped,
  RANDOM_SLUG_ATTEMPTS,
  randomSlug,
} from '../../../shared/features/short-links/short-links.domain';
import type {
  shortLinkCreateSchema,
  shortLinkListQuerySchema,
  shortLinkUpdateSchema,
} from '../../../shared/features/short-links/short-links.schemas';
import { pagedList } from '../../db/paged-list';
import { companyFormations, orders, shortLinks, userProfiles } from '../../db/schema';
import { foldedContains } from '../../db/search';
import { type DbOrTx, isUniqueViolation } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import { announceLinkChange, forgetLink } from './link-cache.service';

/**
 * Where random slugs come from. A test of the three-attempt rule needs collisions on demand and swaps
 * `next` for the length of that test; the test files share their modules (vitest.config.ts), so a
 * module mock would reach every file after it.
 */
export const slugSource = { next: randomSlug };

export interface AdminActor {
  id: string;
}

type Deps = Pick<AppDeps, 'database' | 'env' | 'logger'>;
type ShortLinkRow = typeof shortLinks.$inferSelect;

/** Sign-ups attributed to the link: profiles that stored its slug at sign-up. */
const signUpCount = sql<number>`(
  select count(*)::int from ${userProfiles} p where p.short_link_slug = ${shortLinks.slug}
)`;

/**
 * Those sign-ups who have paid: their formation's package is paid, or they have a paid order (a
 * service bought from the catalogue). A customer with both counts once.
 */
const payingCount = sql<number>`(
  select count(*)::int from ${userProfiles} p
  where p.short_link_slug = ${shortLinks.slug}
    and (
      exists (select 1 from ${companyFormations} f where f.user_id = p.id and f.payment_status = 'paid')
      or exists (select 1 from ${orders} o where o.user_id = p.id and o.status = 'paid')
    )
)`;

const listColumns = {
  id: shortLinks.id,
  slug: shortLinks.slug,
  originalUrl: shortLinks.originalUrl,
  expiresAt: shortLinks.expiresAt,
  clickCount: shortLinks.clickCount,
  shareCount: shortLinks.shareCount,
  utmSource: shortLinks.utmSource,
  utmMedium: shortLinks.utmMedium,
  utmCampaign: shortLinks.utmCampaign,
  createdAt: shortLinks.createdAt,
  updatedAt: shortLinks.updatedAt,
  signUpCount,
  payingCount,
};

function linkQuery(db: DbOrTx) {
  return db.select(listColumns).from(shortLinks);
}

export type ShortLinkListRow = Awaited<ReturnType<ReturnType<typeof linkQuery>['execute']>>[number];

/**
 * product.md#short-links-and-attribution "select all newest first", paged, with the attribution counts for the page's links only.
 * `q` matches the slug, the destination and the UTM fields, Turkish letters folded (decision 0009).
 */
export function listShortLinks(db: DbOrTx, query: z.output<typeof shortLinkListQuerySchema>) {
  return pagedList(db, query, {
    table: shortLinks,
    tableName: 'short_links',
    id: shortLinks.id,
    where: query.q
      ? foldedContains(
          [shortLinks.slug, shortLinks.originalUrl, shortLinks.utmSource, shortLinks.utmMedium, shortLinks.utmCampaign],
          query.q,
        )
      : undefined,
    searched: Boolean(query.q),
    sort: shortLinks.createdAt,
    ascending: false,
    rows: (ids: string[] | SQLWrapper) =>
      linkQuery(db).where(inArray(shortLinks.id, ids)).orderBy(desc(shortLinks.createdAt), desc(shortLinks.id)),
  });
}

export async function findShortLink(db: DbOrTx, id: string): Promise<ShortLinkListRow | null> {
  const [row] = await linkQuery(db).where(eq(shortLinks.id, id)).limit(1);
  return row ?? null;
}

/** The destination as stored: checked again with the portal's own origin (a `/path`, no loop to /go/). */
function destination(deps: Deps, value: string): string {
  const check = checkDestination(value, deps.env.publicUrl);
  if (!check.ok) throw new ApiError('VALIDATION_FAILED', { originalUrl: check.error });
  return check.url;
}

function audited(row: ShortLinkRow) {
  return {
    slug: row.slug,
    originalUrl: row.originalUrl,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    utmSource: row.utmSource,
    utmMedium: row.utmMedium,
    utmCampaign: row.utmCampaign,
  };
}

/**
 * product.md#short-link-rules: a custom slug is taken or not (the unique index decides, so two admins cannot both get
 * it); without one, up to three random slugs are tried before giving up with the spec's message.
 */
export async function createShortLink(
  deps: Deps,
  admin: AdminActor,
  input: z.output<typeof shortLinkCreateSchema>,
): Promise<ShortLinkListRow> {
  const { db } = deps.database;
  const values = {
    originalUrl: destination(deps, input.originalUrl),
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    utmSource: input.utmSource ?? null,
    utmMedium: input.utmMedium ?? null,
    utmCampaign: input.utmCampaign ?? null,
    createdBy: admin.id,
  };
  const attempts = input.slug ? 1 : RANDOM_SLUG_ATTEMPTS;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const slug = input.slug ?? slugSource.next();
    // A random slug could spell a page's name ('signin' is six letters): that attempt is spent.
    if (!input.slug && isReservedSlug(slug)) continue;
    try {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(shortLinks)
          .values({ ...values, slug })
          .returning();
        await recordAudit(tx, {
          actorId: admin.id,
          actorRole: 'admin',
          action: 'short_link.created',
          entityType: 'short_link',
          entityId: row.id,
          after: audited(row),
        });
        await announceLinkChange(tx, row.slug);
        return row.id;
      });
      forgetLink(deps, slug);
      return (await findShortLink(db, id)) as ShortLinkListRow;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (input.slug) throw new ApiError('SLUG_TAKEN', { slug: 'errors.SLUG_TAKEN' });
    }
  }
  throw new ApiError('SLUG_GENERATION_FAILED', { slug: 'errors.SLUG_GENERATION_FAILED' });
}

/** product.md#short-links-and-attribution "update {original_url, expires_at} by id", plus the UTM fields; the slug stays. Audited. */
export async function updateShortLink(
  deps: Deps,
  admin: AdminActor,
  id: string,
  input: z.output<typeof shortLinkUpdateSchema>,
): Promise<ShortLinkListRow> {
  const { db } = deps.database;
  const patch: Partial<typeof shortLinks.$inferInsert> = {};
  if (input.originalUrl !== undefined) patch.originalUrl = destination(deps, input.originalUrl);
  if (input.expiresAt !== undefined) patch.expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (input.utmSource !== undefined) patch.utmSource = input.utmSource;
  if (input.utmMedium !== undefined) patch.utmMedium = input.utmMedium;
  if (input.utmCampaign !== undefined) patch.utmCampaign = input.utmCampaign;
  const slug = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(shortLinks).where(eq(shortLinks.id, id)).limit(1).for('update');
    if (!before) throw new ApiError('NOT_FOUND');
    if (Object.keys(patch).length === 0) return null;
    const [after] = await tx
      .update(shortLinks)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(shortLinks.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: 'admin',
      action: 'short_link.updated',
      entityType: 'short_link',
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
    await announceLinkChange(tx, after.slug);
    return after.slug;
  });
  if (slug) forgetLink(deps, slug);
  return (await findShortLink(db, id)) as ShortLinkListRow;
}

/**
 * Deletes the link. Profiles keep the slug they signed up with (it is history); a new link given the
 * same slug later would inherit those sign-ups in its counts, which the decision record accepts.
 */
export async function deleteShortLink(deps: Deps, admin: AdminActor, id: string): Promise<void> {
  const slug = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx.delete(shortLinks).where(eq(shortLinks.id, id)).returning();
    if (!row) throw new ApiError('NOT_FOUND');
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: 'admin',
      action: 'short_link.deleted',
      entityType: 'short_link',
      entityId: id,
      before: { ...audited(row), clickCount: row.clickCount, shareCount: row.shareCount },
    });
    await announceLinkChange(tx, row.slug);
    return row.slug;
  });
  forgetLink(deps, slug);
}

/**
 * The slug a new account is attributed to (decision 0013): the first of the candidates (the sign-up's
 * `ref`, then the `portal_ref` cookie) that names a short link that exists, expired or not: the
 * visitor came through it while it was live.
 */
export async function attributableSlug(
  db: DbOrTx,
  candidates: Array<string | null | undefined>,
): Promise<string | null> {
  for (const candidate of candidates) {
    if (!candidate || !isSlugShaped(candidate)) continue;
    const [row] = await db
      .select({ slug: shortLinks.slug })
      .from(shortLinks)
      .where(eq(shortLinks.slug, candidate))
      .limit(1);
    if (row) return row.slug;
  }
  return null;
}
