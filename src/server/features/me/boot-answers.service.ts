import type { z } from '@hono/zod-openapi';
import type { Permission } from '../../../shared/domain/permissions';
import { isCustomer } from '../../../shared/domain/roles';
import { auditListQuerySchema } from '../../../shared/features/audit/audit.contracts';
import { adminDeadlineListQuerySchema } from '../../../shared/features/compliance/compliance.contracts';
import { adminEinListQuerySchema } from '../../../shared/features/ein/ein.contracts';
import { ADMIN_LISTS } from '../../../shared/routes/admin-lists';
import { bootAnswerKey } from '../../../shared/routes/boot-element';
import { type DeskWithFirstQuery, deskFirstQuery } from '../../../shared/routes/desk-first-query';
import type { AppDeps } from '../../deps';
import { doorAdmits } from '../../platform/http/admin-door';
import type { SessionUser } from '../../platform/http/context';
import { getAccount, listDevices } from '../account';
import { auditActors, auditTrailPage } from '../audit';
import { deadlineDeskPage } from '../compliance';
import { myDocuments } from '../documents';
import { einDeskPage } from '../ein';
import { getConsents, myErasure } from '../privacy';

/*
 * A page's first GET calls answered into its boot data (decision 0104), so its first view (decision
 * 0095) draws the page's data, not a skeleton that the data replaces once the scripts have asked. Each
 * call is the route's own service, behind the route's own check: a call the reader may not make is
 * left out, and the page asks the API, which refuses it, as before.
 */

export interface BootReader {
  user: SessionUser;
  sessionId: string;
  twoFactorAt: Date | null;
}

interface PageCall {
  deps: AppDeps;
  reader: BootReader;
  /** The page URL's query: a desk's filters, laid over its list's default query. */
  search: URLSearchParams;
}

type Call = readonly [key: string, answer: () => Promise<unknown>];

/** A page URL's parameters that are the page's, not its list's: the language and the open row. */
const PAGE_ONLY_PARAMS = new Set(['lang', 'id']);

/**
 * A desk's list page as its web page asks for it: the query it sends for its default view (page size,
 * default order: DESK_FIRST_QUERY, which the web's list pages read too) with the page URL's own filters
 * over it. A page whose query
 * has moved on gets an answer under a key it does not ask for, and asks the API as before (the browser
 * test of the first view then fails on the skeleton it paints).
 */
function desk<S extends z.ZodType>(
  list: DeskWithFirstQuery,
  permission: Permission,
  schema: S,
  read: (deps: AppDeps, query: z.output<S>, reader: BootReader) => Promise<unknown>,
) {
  return ({ deps, reader, search }: PageCall): Call[] => {
    if (!doorAdmits(reader.user, reader.twoFactorAt, permission)) return [];
    const query = deskFirstQuery(list);
    for (const [name, value] of search) if (!PAGE_ONLY_PARAMS.has(name)) query.set(name, value);
    const parsed = schema.safeParse(Object.fromEntries(query));
    if (!parsed.success) return [];
    return [[bootAnswerKey(ADMIN_LISTS[list], query), () => read(deps, parsed.data, reader)]];
  };
}

/** Each page's first calls, by its route path. */
const PAGE_CALLS: Readonly<Record<string, (call: PageCall) => Call[]>> = {
  account: ({ deps, reader: { user, sessionId } }) => [
    ['/api/account', () => getAccount(deps, user.id)],
    ['/api/account/sessions', () => listDevices(deps, user, sessionId)],
    // The data-rights sections are drawn for customers only.
    ...(isCustomer(user.role)
      ? ([
          ['/api/privacy/consents', () => getConsents(deps.database.db, user.id)],
          ['/api/privacy/erasure', () => myErasure(deps, user.id)],
        ] as const)
      : []),
  ],
  documents: ({ deps, reader }) => [['/api/documents', () => myDocuments(deps.database.db, reader.user.id)]],
  'admin/ein': desk('ein', 'ein.read', adminEinListQuerySchema, einDeskPage),
  'admin/deadlines': desk('deadlines', 'deadlines.read', adminDeadlineListQuerySchema, deadlineDeskPage),
  'admin/audit': (call) => [
    ...desk('audit', 'audit.read', auditListQuerySchema, (deps, query, reader) =>
      auditTrailPage(deps.database.db, query, reader.user.role),
    )(call),
    ...(doorAdmits(call.reader.user, call.reader.twoFactorAt, 'audit.read')
      ? ([[`${ADMIN_LISTS.audit}/actors`, async () => ({ actors: await auditActors(call.deps.database.db) })]] as const)
      : []),
  ],
};

/**
 * The answers to the page's first calls, keyed as the web looks them up, or undefined for a page without
 * any. A call that fails is left out (the page asks the API, as it would have); the rest still go.
 */
export async function bootAnswers(
  deps: AppDeps,
  reader: BootReader,
  routePath: string,
  search: URLSearchParams,
): Promise<Record<string, unknown> | undefined> {
  const calls = PAGE_CALLS[routePath]?.({ deps, reader, search }) ?? [];
  if (calls.length === 0) return undefined;
  const settled = await Promise.allSettled(calls.map(([, answer]) => answer()));
  const answers: Record<string, unknown> = {};
  settled.forEach((result, index) => {
    const [key] = calls[index];
    if (result.status === 'rejected') {
      deps.logger.warn({ err: result.reason, key }, 'boot data: a first call failed');
      return;
    }
    // As the API would send it: the server render reads this object itself, and must see what the
    // browser will parse (dates as strings), or the two renders differ.
    answers[key] = JSON.parse(JSON.stringify(result.value));
  });
  return answers;
}
