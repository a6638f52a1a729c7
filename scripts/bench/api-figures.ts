/**
 * The API rows of the table: each route loaded with autocannon (50 connections) on the portal and on the
 * bare server, one after the other in the same run, after a short warm-up of each.
 */
import { type LoadResult, load } from './load';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

export interface SideBySide {
  route: string;
  portal: LoadResult;
  bare: LoadResult;
  /** portal requests/s ÷ bare requests/s */
  ratio: number;
}

async function pair(
  route: string,
  portalUrl: string,
  bareUrl: string,
  opts: { headers?: Record<string, string>; expectStatus?: number; seconds: number },
): Promise<SideBySide> {
  await load(portalUrl, { ...opts, seconds: 2 });
  const portal = await load(portalUrl, opts);
  await load(bareUrl, { ...opts, seconds: 2 });
  const bare = await load(bareUrl, opts);
  const ratio = portal.requestsPerSec / bare.requestsPerSec;
  console.log(
    `${route}: portal ${portal.requestsPerSec.toFixed(0)} req/s p99 ${portal.p99Ms} ms (${portal.unexpected} unexpected, ${portal.errors} errors); bare ${bare.requestsPerSec.toFixed(0)} req/s p99 ${bare.p99Ms} ms; ratio ${ratio.toFixed(2)}`,
  );
  return { route, portal, bare, ratio };
}

export async function measureApi(
  portalBase: string,
  bareBase: string,
  customerCookie: string,
  slug: string,
  seconds = 10,
): Promise<SideBySide[]> {
  const headers = { cookie: customerCookie };
  return [
    await pair('GET /api/formations/me', `${portalBase}/api/formations/me`, `${bareBase}/api/formations/me`, {
      headers,
      seconds,
    }),
    // A browser's visit is counted (an UPDATE per click); autocannon's own requests carry no user agent
    // and are not, so both are measured.
    await pair('GET /go/{slug} (browser: counted)', `${portalBase}/go/${slug}`, `${bareBase}/go/${slug}`, {
      expectStatus: 302,
      seconds,
      headers: { 'user-agent': BROWSER },
    }),
    await pair('GET /go/{slug} (no user agent: not counted)', `${portalBase}/go/${slug}`, `${bareBase}/go/${slug}`, {
      expectStatus: 302,
      seconds,
    }),
    await pair('GET /healthz', `${portalBase}/healthz`, `${bareBase}/healthz`, { seconds }),
  ];
}
