import type { BootData } from '../../shared/contracts/boot';
import { bootAnswerKey } from '../../shared/routes/boot-element';
import { maybeRenderScope } from './scope';

/**
 * lib/bootData.ts as the server render sees it: the modules that seed the browser's cache from the boot
 * data at their top level find none; the server entry seeds each render's own cache instead.
 */
export function bootData(): BootData | null {
  return null;
}

export function bootUserId(): string | undefined {
  return maybeRenderScope()?.boot.me?.user.id;
}

/**
 * The render's boot data's answer to GET `path` with `query`, read, not taken: the same boot data then
 * goes into the page's HTML for the browser, which takes it to hydrate.
 */
export function takeBootAnswer(path: string, query?: URLSearchParams | string): unknown {
  return maybeRenderScope()?.boot.answers?.[bootAnswerKey(path, query)];
}
