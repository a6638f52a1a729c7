import type { BootData } from '../../shared/contracts/boot';
import { BOOT_DATA_ID, bootAnswerKey } from '../../shared/routes/boot-element';

let taken: BootData | null | undefined;

/**
 * The session and first data the server wrote into this page's HTML (decision 0060), read once: the
 * element is removed, so a later sign-in in the same tab never sees the first user's copy. Null on a
 * public page, for a visitor, or if the element cannot be read (the app then asks the API as before).
 */
export function bootData(): BootData | null {
  if (taken === undefined) {
    const element = document.getElementById(BOOT_DATA_ID);
    element?.remove();
    try {
      taken = element?.textContent ? (JSON.parse(element.textContent) as BootData) : null;
    } catch {
      taken = null;
    }
  }
  return taken;
}

/** The user whose page the HTML was written for, if any. */
export function bootUserId(): string | undefined {
  return bootData()?.me?.user.id;
}

/**
 * The boot data's answer to GET `path` with `query` (decision 0104), given once: the query it seeds owns
 * it from then on, and a later query of the same call (another visit) asks the API.
 */
export function takeBootAnswer(path: string, query?: URLSearchParams | string): unknown {
  const answers = bootData()?.answers;
  const key = bootAnswerKey(path, query);
  const answer = answers?.[key];
  if (answers) delete answers[key];
  return answer;
}
