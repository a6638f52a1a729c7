import type { Context } from 'hono';
import type { BootData } from '../../../shared/contracts/boot';
import { isStaff } from '../../../shared/domain/roles';
import type { PageRoute } from '../../../shared/routes/route-table';
import type { PageFirstCalls } from '../../platform/first-calls';
import type { AppEnv } from '../../platform/http/context';
import { clientNetwork } from '../../platform/http/network';
import { checkSession } from '../auth';
import { listActiveServices, toServiceView } from '../services';
import { bootAnswers } from './boot-answers.service';
import { meOf } from './me.service';
import { myFormation } from './my-formation.service';

/**
 * The session and first data a signed-in page's HTML carries (decision 0060), read with the same rules
 * as the API calls they stand for. Null on a public page, and for a visitor or a sign-in waiting for its
 * second factor, except on the services page, which visitors may see: it carries the catalogue for
 * everyone. A page whose features declare its first calls (their manifests' `firstCalls`) carries their
 * answers too (boot-answers.service.ts, decision 0104). The web app still asks the API for anything missing here.
 */
export async function bootDataFor(
  c: Context<AppEnv>,
  route: PageRoute,
  firstCalls: Readonly<Record<string, PageFirstCalls>>,
): Promise<BootData | null> {
  if (route.layout === 'public') return null;
  const { database } = c.var.deps;
  const session = await signedIn(c);
  const services = route.path === 'services' ? (await listActiveServices(database.db)).map(toServiceView) : undefined;
  if (!session) return services ? { me: null, services } : null;
  const data: BootData = { me: await meOf(database.db, session.user) };
  if (services) data.services = services;
  if (route.path === 'dashboard' && !isStaff(session.user.role)) {
    data.formation = await myFormation(c.var.deps, session.user.id);
  }
  const answers = await bootAnswers(c.var.deps, session, route.path, new URL(c.req.url).searchParams, firstCalls);
  if (answers) data.answers = answers;
  return data;
}

/** The request's session as the API's session check finds it; null for a visitor or a half sign-in. */
async function signedIn(c: Context<AppEnv>) {
  const cookie = c.req.header('cookie');
  if (!cookie?.includes('session_token')) return null;
  const { auth, database } = c.var.deps;
  const session = await checkSession(
    { auth, db: database.db },
    cookie,
    () => c.req.raw.headers,
    () => clientNetwork(c),
  );
  return session && !session.pending ? session : null;
}
