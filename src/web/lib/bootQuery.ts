import type { NonUndefinedGuard } from '@tanstack/react-query';
import { bootUserId, takeBootAnswer } from './bootData';
import { cachedMe } from './session';

const BOOT_COPY_FRESH_MS = 30_000;

/**
 * A query's first data from the page's HTML (decision 0104): the boot data's answer to GET `path` with
 * `query`, through `select` where the query keeps part of the answer. The same on the server's render
 * and in the browser's hydration, so the first view shows the data and hydration draws it again unchanged.
 *
 * `staleTime`, for a query asked again on every visit (0) or kept longer than the app's default: the boot
 * copy, the answer of this very load, is fresh for the app's default 30 s (lib/queryClient.ts) at least,
 * so it does not ask again the moment it hydrates; once a fetch has replaced the copy, the query's own
 * applies. Without it the query keeps the app's default.
 */
export function bootSeed<Answer, Data = Answer>(
  path: string,
  options: { query?: URLSearchParams | string; select?: (answer: Answer) => Data; staleTime?: number } = {},
): {
  initialData: () => NonUndefinedGuard<Data> | undefined;
  staleTime?: (query: { state: { dataUpdateCount: number } }) => number;
} {
  const { staleTime } = options;
  const initialData = () => {
    // Another user signed in in this tab since the page loaded: the answers were not theirs.
    const booted = bootUserId();
    if (!booted || cachedMe()?.user.id !== booted) return undefined;
    const answer = takeBootAnswer(path, options.query) as Answer | undefined;
    if (answer === undefined) return undefined;
    return (options.select ? options.select(answer) : answer) as NonUndefinedGuard<Data>;
  };
  if (staleTime === undefined) return { initialData };
  return {
    initialData,
    staleTime: (query) => (query.state.dataUpdateCount === 0 ? Math.max(staleTime, BOOT_COPY_FRESH_MS) : staleTime),
  };
}
