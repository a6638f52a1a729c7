import type { Language } from '../../shared/i18n/languages';
import { api } from './api';
import { currentLanguage } from './i18n';
import { loadedSessionCache } from './me';
import { setLanguage } from './messages/sections';

/**
 * Switches language from a user action or `?lang=`. A signed-in user's choice is also stored on
 * the account so that emails sent later use it; a failure there must not block the switch. The
 * session's cache is not loaded for it: a public page that shows the switcher has none (lib/me.ts).
 */
export async function switchLanguage(lang: Language): Promise<void> {
  const before = currentLanguage();
  await setLanguage(lang);
  const cache = loadedSessionCache();
  const me = cache?.cachedMe() ?? null;
  // Nothing to tell the server when neither the screen nor the account changes (a repeated ?lang=).
  if (!me || (before === lang && me.user.lang === lang)) return;
  try {
    await api('PATCH', '/api/me', { lang });
    cache?.setCachedMe((old) => (old ? { ...old, user: { ...old.user, lang } } : old));
  } catch {
    // Ignored on purpose: the cookie already carries the choice to the server.
  }
}
