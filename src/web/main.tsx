import './styles.css';
import { type ErrorInfo, type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { TIME_ZONE_COOKIE } from '../shared/routes/first-view';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { bootData } from './lib/bootData';
import { currentLanguage } from './lib/i18n';
import { coreMessagesReady } from './lib/messages/sections';
import { whenIdle } from './lib/whenIdle';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The server rendered this page's first view (decision 0095) for this browser's language and time zone:
 * it is hydrated, not drawn again. A view written for another language or zone (the browser moved since
 * its zone was stored) is drawn anew instead, as a page without one is.
 */
function serverView() {
  const view = bootData()?.view;
  if (!view || view.language !== currentLanguage()) return null;
  return view.timeZone === cookie(TIME_ZONE_COOKIE) && cookie(OFFSET_COOKIE) === offsetNow() ? view : null;
}

function cookie(name: string): string | undefined {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : undefined;
}

/*
 * Beside the zone's name, the browser stores its offset from UTC when it stored the name: comparing
 * offsets needs no date formatter (the first costs tens of milliseconds on a slow phone, decision
 * 0063), and a browser that moved to another offset since is not hydrated with the old zone's times.
 */
const OFFSET_COOKIE = `${TIME_ZONE_COOKIE}o`;
const offsetNow = () => String(new Date().getTimezoneOffset());

/**
 * The browser's zone for the server's next first view, stored once the page is idle: reading the zone
 * builds a date formatter, which the first view should not wait for.
 */
function rememberTimeZone() {
  whenIdle(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const offset = offsetNow();
    if (cookie(TIME_ZONE_COOKIE) === zone && cookie(OFFSET_COOKIE) === offset) return;
    const attributes = `path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; ${attributes}`;
    // biome-ignore lint/suspicious/noDocumentCookie: as above
    document.cookie = `${OFFSET_COOKIE}=${offset}; ${attributes}`;
  });
}

/**
 * A render that threw the server's HTML away (a hydration mismatch): said on the console and marked on
 * the document, where the browser tests look for it.
 */
function reportRecoverable(error: unknown, info: ErrorInfo) {
  document.documentElement.dataset.hydrationError = String(error instanceof Error ? error.message : error);
  console.error('first view: the browser render differed from the server HTML', error, info.componentStack);
}

/**
 * Marks the document once the first render committed, `hydrated` over the server's view or `rendered`
 * without one (what the browser tests wait for), and lets the server's view be used. It renders its children only, so the tree (and the ids
 * React derives from it) stays the server's.
 */
function FirstCommit({ hydrated, children }: { hydrated: boolean; children: ReactNode }) {
  useEffect(() => {
    // The server's view is inert until now (platform/http/static-files.ts): its controls work from here.
    container?.removeAttribute('inert');
    document.documentElement.dataset.firstView = hydrated ? 'hydrated' : 'rendered';
  }, [hydrated]);
  return children;
}

/** Each matched route's `lazy` (its code and texts) resolved, so hydration finds the page in place. */
async function resolveMatchedRoutes() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

// The router fetches the page's code and data; the shell's texts arrive alongside. If they fail to
// load, the page still renders (with its keys) rather than staying blank.
// In a transition, the first render yields to the browser every few milliseconds instead of holding the
// main thread for the whole page: on Lighthouse's phone the dashboard's was one task of 300-450 ms
// (decision 0063). Until it commits, the loading indicator of index.html (or the server's first view)
// stays on screen.
void coreMessagesReady
  .catch(() => {})
  .then(async () => {
    const view = serverView();
    if (view) await resolveMatchedRoutes();
    const router = createBrowserRouter(routes, view ? { hydrationData: { loaderData: view.loaderData } } : undefined);
    const app = (
      <FirstCommit hydrated={view !== null}>
        <StrictMode>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>
      </FirstCommit>
    );
    if (view) {
      startTransition(() => {
        hydrateRoot(container, app, { onRecoverableError: reportRecoverable });
      });
    } else {
      const root = createRoot(container);
      startTransition(() => root.render(app));
    }
    rememberTimeZone();
  });
