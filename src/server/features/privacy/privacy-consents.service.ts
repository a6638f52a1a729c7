import { and, desc, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { isStaff } from '../../../shared/domain/roles';
import type { Consents } from '../../../shared/features/privacy/privacy.contracts';
import {
  type ConsentKind,
  LEGAL_TEXT_VERSIONS,
  LEGAL_TEXTS,
  type LegalText,
  type OptionalConsent,
} from '../../../shared/features/privacy/privacy.domain';
import type { Db } from '../../db/client';
import { privacyConsents } from '../../db/schema';
import { type DbOrTx, oneAtATime } from '../../db/tx';
import type { AppEnv } from '../../platform/http/context';
import { ApiError, errorResponse } from '../../platform/http/errors';
import { currentNetwork } from '../../platform/http/request-context';

/*
 * Notice and consent (decision 0046): every acceptance of a text and every optional consent given or
 * withdrawn is a row of its own with the version, the moment and the client's network.
 */

async function insertConsents(
  db: Pick<Db, 'insert'>,
  userId: string,
  rows: { kind: ConsentKind; version: string | null; given: boolean }[],
): Promise<void> {
  if (rows.length === 0) return;
  const network = currentNetwork();
  await db.insert(privacyConsents).values(rows.map((r) => ({ ...r, userId, network })));
}

/** At sign-up: the current terms and notice accepted, and each optional consent the customer ticked. */
export async function recordSignUpConsents(
  db: Pick<Db, 'insert'>,
  userId: string,
  optional: Partial<Record<OptionalConsent, boolean>>,
): Promise<void> {
  await insertConsents(db, userId, [
    ...LEGAL_TEXTS.map((kind) => ({ kind, version: LEGAL_TEXT_VERSIONS[kind], given: true })),
    ...(optional.productMails ? [{ kind: 'productMails' as const, version: null, given: true }] : []),
  ]);
}

/** The newest row of each kind: the current state. */
async function latestOfEach(db: DbOrTx, userId: string) {
  const rows = await db
    .selectDistinctOn([privacyConsents.kind], {
      kind: privacyConsents.kind,
      version: privacyConsents.version,
      given: privacyConsents.given,
    })
    .from(privacyConsents)
    .where(eq(privacyConsents.userId, userId))
    .orderBy(privacyConsents.kind, desc(privacyConsents.createdAt), desc(privacyConsents.id));
  return new Map(rows.map((r) => [r.kind, r]));
}

/** Whether a current text is not (yet) accepted by the user. */
export async function needsAcceptance(db: DbOrTx, userId: string): Promise<boolean> {
  const latest = await latestOfEach(db, userId);
  return LEGAL_TEXTS.some((kind) => latest.get(kind)?.version !== LEGAL_TEXT_VERSIONS[kind]);
}

export async function getConsents(db: Db, userId: string): Promise<Consents> {
  const latest = await latestOfEach(db, userId);
  const history = await db
    .select({
      kind: privacyConsents.kind,
      version: privacyConsents.version,
      given: privacyConsents.given,
      at: privacyConsents.createdAt,
    })
    .from(privacyConsents)
    .where(eq(privacyConsents.userId, userId))
    .orderBy(desc(privacyConsents.createdAt), desc(privacyConsents.id))
    .limit(200);
  const accepted = (kind: LegalText) => latest.get(kind)?.version ?? null;
  return {
    current: { ...LEGAL_TEXT_VERSIONS },
    accepted: { terms: accepted('terms'), privacyNotice: accepted('privacyNotice') },
    needsAcceptance: LEGAL_TEXTS.some((kind) => accepted(kind) !== LEGAL_TEXT_VERSIONS[kind]),
    optional: { productMails: latest.get('productMails')?.given ?? false },
    history: history.map((h) => ({ ...h, at: h.at.toISOString() })),
  };
}

/**
 * Whether a product (marketing) mail may go to this user: their latest productMails consent is given.
 * Every mail the portal sends today is a service mail and does not ask; a product mail must ask this
 * for each recipient just before it is queued (decision 0059), so a withdrawal counts at once.
 */
export async function productMailsAllowed(db: DbOrTx, userId: string): Promise<boolean> {
  return (await latestOfEach(db, userId)).get('productMails')?.given === true;
}

/**
 * The customer accepts the texts as shown: the versions they saw must be the current ones (a page
 * opened before a new version is refused with CONFLICT, and shows the new text). Accepting again what
 * is already accepted records nothing.
 */
export async function acceptTexts(db: Db, userId: string, seen: Record<LegalText, string>): Promise<void> {
  if (LEGAL_TEXTS.some((kind) => seen[kind] !== LEGAL_TEXT_VERSIONS[kind])) throw new ApiError('CONFLICT');
  const latest = await latestOfEach(db, userId);
  await insertConsents(
    db,
    userId,
    LEGAL_TEXTS.filter((kind) => latest.get(kind)?.version !== LEGAL_TEXT_VERSIONS[kind]).map((kind) => ({
      kind,
      version: LEGAL_TEXT_VERSIONS[kind],
      given: true,
    })),
  );
}

/** Gives or withdraws an optional consent; a row only when the state changes. */
export async function setOptionalConsent(db: Db, userId: string, kind: OptionalConsent, given: boolean) {
  await db.transaction(async (tx) => {
    // One change at a time per user, so two clicks record one change.
    await oneAtATime(tx, `privacy-consent:${userId}`);
    const [last] = await tx
      .select({ given: privacyConsents.given })
      .from(privacyConsents)
      .where(and(eq(privacyConsents.userId, userId), eq(privacyConsents.kind, kind)))
      .orderBy(desc(privacyConsents.createdAt), desc(privacyConsents.id))
      .limit(1);
    if ((last?.given ?? false) === given) return;
    await insertConsents(tx, userId, [{ kind, version: null, given }]);
  });
}

/**
 * What the server enforces (decision 0046): a signed-in customer who has not accepted the current
 * terms and notice may read, but every write outside sign-in, the account page and the data-rights
 * API itself is refused with CONSENT_REQUIRED until they accept. Staff are not customers of the
 * operator; their duties come from their contract, not these texts.
 */
const OPEN_WRITES = ['/api/auth', '/api/me', '/api/account', '/api/privacy', '/api/invitations'];

export function consentGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    const method = c.req.method;
    if (!user || isStaff(user.role) || method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const path = c.req.path;
    if (OPEN_WRITES.some((p) => path === p || path.startsWith(`${p}/`))) return next();
    if (await needsAcceptance(c.var.deps.database.db, user.id)) return errorResponse(c, 'CONSENT_REQUIRED');
    return next();
  };
}
