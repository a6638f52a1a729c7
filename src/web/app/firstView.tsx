import { type ErrorInfo, type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { bootData } from '../lib/bootData';
import { currentLanguage } from '../lib/i18n';
import { Providers } from './providers';
import { routes } from './router';
import { storedZoneHolds } from './timeZone';

/*
 * The browser's side of a first view rendered on the server (decision 0095), loaded only by a page whose
 * HTML holds one (the server preloads it with the page). Its own chunk, so a public page's first load
 * does not carry it.
 */

/**
 * Marks the document once the first render committed, `hydrated` over the server's view or `rendered`
 * anew (what the browser tests wait for), and lets the view be used: it is inert until then
 * (platform/http/static-files.ts), so a control pressed early neither does nothing nor submits a form
 * natively. It renders its children only, so the tree (and the ids React derives from it) stays the
 * server's.
 */
function FirstCommit({
  container,
  hydrated,
  children,
}: {
  container: HTMLElement;
  hydrated: boolean;
  children: ReactNode;
}) {
  useEffect(() => {
    container.removeAttribute('inert');
    document.documentElement.dataset.firstView = hydrated ? 'hydrated' : 'rendered';
  }, [container, hydrated]);
  return children;
}

/**
 * A render that threw the server's HTML away (a hydration mismatch): said on the console and marked on
 * the document, where the browser tests look for it.
 */
function reportRecoverable(error: unknown, info: ErrorInfo) {
  document.documentElement.dataset.hydrationError = String(error instanceof Error ? error.message : error);
  console.error('first view: the browser render differed from the server HTML', error, info.componentStack);
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

/**
 * Hydrates the server's view (the boot data says how it was written), in a transition as the first render always is (decision 0063). A view
 * written for another language or time zone than this browser's (it moved since it stored its zone) is
 * drawn anew instead, over the view, which stays on screen until then.
 */
export async function startFromFirstView(container: HTMLElement): Promise<void> {
  const view = bootData()?.view;
  const hydrate = view !== undefined && view.language === currentLanguage() && storedZoneHolds(view.timeZone);
  if (hydrate) await resolveMatchedRoutes();
  const router = createBrowserRouter(routes, hydrate ? { hydrationData: { loaderData: view.loaderData } } : undefined);
  const app = (
    <FirstCommit container={container} hydrated={hydrate}>
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>
    </FirstCommit>
  );
  if (hydrate) {
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: reportRecoverable });
    });
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
