import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../../shared/i18n/languages';
import type { AppEnv } from './context';

/**
 * The request's language: `?lang=` (which is also remembered in the `lang` cookie), then the cookie
 * the web app sets, then Accept-Language, then Turkish.
 */
export function languageMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const fromQuery = toLanguage(c.req.query('lang'));
    if (fromQuery) {
      setCookie(c, 'lang', fromQuery, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'Lax' });
    }
    const lang: Language =
      fromQuery ?? toLanguage(getCookie(c, 'lang')) ?? fromAcceptLanguage(c.req.header('accept-language'));
    c.set('lang', lang);
    await next();
  };
}

function fromAcceptLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const first = header.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return toLanguage(first) ?? DEFAULT_LANGUAGE;
}
