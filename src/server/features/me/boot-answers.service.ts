import type { AppDeps } from '../../deps';
import type { BootReader, PageFirstCalls } from '../../platform/first-calls';

/*
 * A page's first GET calls answered into its boot data (decision 0104), so its first view (decision
 * 0095) draws the page's data, not a skeleton that the data replaces once the scripts have asked. Each
 * feature declares its pages' calls in its manifest (`firstCalls`, platform/first-calls.ts); the app
 * hands their union, by page, to the boot data.
 */

/**
 * The answers to the page's first calls, keyed as the web looks them up, or undefined for a page without
 * any. A call that fails is left out (the page asks the API, as it would have); the rest still go.
 */
export async function bootAnswers(
  deps: AppDeps,
  reader: BootReader,
  routePath: string,
  search: URLSearchParams,
  firstCalls: Readonly<Record<string, PageFirstCalls>>,
): Promise<Record<string, unknown> | undefined> {
  const calls = firstCalls[routePath]?.({ deps, reader, search }) ?? [];
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
