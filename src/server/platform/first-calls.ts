import type { z } from '@hono/zod-openapi';
import type { Permission } from '../../shared/domain/permissions';
import { ADMIN_LISTS } from '../../shared/routes/admin-lists';
import { bootAnswerKey } from '../../shared/routes/boot-element';
import { type DeskWithFirstQuery, deskFirstQuery } from '../../shared/routes/desk-first-query';
import type { AppDeps } from '../deps';
import { doorAdmits } from './http/admin-door';
import type { SessionUser } from './http/context';

/*
 * A page's first GET calls, answered into its HTML's boot data (decision 0104), so that its first view
 * draws the page's data and not a skeleton. A feature declares the calls of its pages in its manifest
 * (`firstCalls`, by the page's route path); the boot data asks every feature's declaration for the page.
 * Each call is the route's own service, behind the route's own check: a call the reader may not make is
 * left out, and the page asks the API, which refuses it, as before.
 */

export interface BootReader {
  user: SessionUser;
  sessionId: string;
  twoFactorAt: Date | null;
}

export interface PageCall {
  deps: AppDeps;
  reader: BootReader;
  /** The page URL's query: a desk's filters, laid over its list's default query. */
  search: URLSearchParams;
}

/** A call's key, as the web looks it up (bootAnswerKey), and its answer. */
export type FirstCall = readonly [key: string, answer: () => Promise<unknown>];

/** The first calls one feature answers for one page. */
export type PageFirstCalls = (call: PageCall) => FirstCall[];

/**
 * A page URL's parameters that are the page's, not its list's: the language and the open row (`thread` on
 * the support desk, which its notice mails link to).
 */
const PAGE_ONLY_PARAMS = new Set(['lang', 'id', 'thread']);

/** Whether the reader may make a call behind `permission`, as the admin door and the route would decide. */
export function readerMay(reader: BootReader, permission: Permission): boolean {
  return doorAdmits(reader.user, reader.twoFactorAt, permission);
}

/**
 * A desk's list page as its web page asks for it: the query it sends for its default view
 * (DESK_FIRST_QUERY, which the web's list pages read too) with the page URL's own filters over it,
 * parsed by the list's own query schema. A page whose query has moved on gets an answer under a key it
 * does not ask for, and asks the API as before (the browser test of the first view then fails on the
 * skeleton it paints).
 */
export function deskFirstCall<S extends z.ZodType>(
  list: DeskWithFirstQuery,
  permission: Permission,
  schema: S,
  read: (deps: AppDeps, query: z.output<S>, reader: BootReader) => Promise<unknown>,
): PageFirstCalls {
  return ({ deps, reader, search }) => {
    if (!readerMay(reader, permission)) return [];
    const query = deskFirstQuery(list);
    for (const [name, value] of search) if (!PAGE_ONLY_PARAMS.has(name)) query.set(name, value);
    const parsed = schema.safeParse(Object.fromEntries(query));
    if (!parsed.success) return [];
    return [[bootAnswerKey(ADMIN_LISTS[list], query), () => read(deps, parsed.data, reader)]];
  };
}

/** Every feature's first calls for one page, in the registry's order. */
export function firstCallsOf(
  features: readonly { firstCalls?: Readonly<Record<string, PageFirstCalls>> }[],
): Readonly<Record<string, PageFirstCalls>> {
  const byPage: Record<string, PageFirstCalls[]> = {};
  for (const feature of features) {
    for (const [page, calls] of Object.entries(feature.firstCalls ?? {}))
      byPage[page] = [...(byPage[page] ?? []), calls];
  }
  return Object.fromEntries(
    Object.entries(byPage).map(([page, all]) => [page, (call: PageCall) => all.flatMap((calls) => calls(call))]),
  );
}
