import type { BootData } from '../../shared/contracts/boot';

/**
 * lib/bootData.ts as the server render sees it: the modules that seed the browser's cache from the boot
 * data at their top level find none; the server entry seeds each render's own cache instead.
 */
export function bootData(): BootData | null {
  return null;
}
