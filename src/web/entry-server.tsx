import { Writable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { type ClockReading, setReaderClock } from '../shared/format/dates';
import { FIRST_VIEW_PATHS, type FirstView, type FirstViewInput } from '../shared/routes/first-view';
import { CORE_SECTIONS } from '../shared/routes/route-table';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { servicesQuery } from './features/services/api/services';
import { FORMATION_KEY } from './lib/formation';
import { loadSections } from './lib/messages/sections';
import { newQueryClient } from './lib/queryClient';
import { ME_KEY } from './lib/session';
import { createTranslator } from './lib/translator';
import { inRenderScope, maybeRenderScope, type RenderScope } from './ssr/scope';

/*
 * The server's render of a signed-in page's first view (decision 0095), built by `vite build --ssr` into
 * dist/ssr and imported once by the server process (platform/http/spa.ts). It renders the browser's own
 * route list, page modules and texts; the modules that are singletons in the browser (the translator,
 * the query cache, the boot data, the guards) are swapped in this build for twins reading the render's
 * own copies (src/web/ssr, vite.config.ts).
 */

/** A render that takes longer is dropped: the page goes out with its loading indicator, as before. */
const RENDER_TIMEOUT_MS = 3000;

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The zone's clock, or null for a name that is no IANA zone. */
function clockOf(zone: string): Intl.DateTimeFormat | null {
  let clock = clocks.get(zone);
  if (!clock) {
    try {
      clock = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      return null;
    }
    if (clocks.size > 500) clocks.clear();
    clocks.set(zone, clock);
  }
  return clock;
}

function readingIn(clock: Intl.DateTimeFormat, date: Date): ClockReading {
  const part: Record<string, number> = {};
  for (const { type, value } of clock.formatToParts(date)) part[type] = Number(value);
  return { year: part.year, month: part.month - 1, day: part.day, hours: part.hour, minutes: part.minute };
}

// Instants on a first view are written on the reader's clock, as the browser writes them.
setReaderClock((date) => {
  const scope = maybeRenderScope();
  const clock = scope && clockOf(scope.timeZone);
  if (!clock) throw new Error('server render: an instant without the reader time zone');
  return readingIn(clock, date);
});

/** The boot data's answers in the render's cache, under the keys the browser's modules seed them at. */
function seed(scope: RenderScope) {
  const { boot, queryClient } = scope;
  queryClient.setQueryData(ME_KEY, boot.me);
  if (boot.formation !== undefined) queryClient.setQueryData(FORMATION_KEY, boot.formation);
  if (boot.services) queryClient.setQueryData(servicesQuery.queryKey, boot.services);
}

/**
 * The first view of a signed-in page, or null when the server does not render this one: not an opted-in
 * path, no session, no known time zone, a guard turning the visitor away, or a render that failed.
 */
export async function renderFirstView(input: FirstViewInput): Promise<FirstView | null> {
  const url = new URL(input.url);
  const timeZone = input.timeZone;
  if (!FIRST_VIEW_PATHS.includes(url.pathname) || !input.boot.me || !timeZone || !clockOf(timeZone)) return null;
  const scope: RenderScope = {
    boot: input.boot,
    language: input.language,
    timeZone,
    i18n: createTranslator(input.language),
    queryClient: newQueryClient(),
    loaded: new Set(),
  };
  return inRenderScope(scope, async () => {
    seed(scope);
    await loadSections(input.language, CORE_SECTIONS);
    // One handler per render: it resolves the matched routes' `lazy` (their code and texts) into its
    // own copy of the routes, and the texts go into this render's translator.
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(url));
    if (context instanceof Response || context.errors) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = await renderHtml(
      <StrictMode>
        <Providers>
          {/* No inline script: the CSP forbids it; the loader data goes in the boot data instead. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StrictMode>,
    );
    scope.queryClient.clear();
    return html === null ? null : { html, loaderData: context.loaderData, timeZone, language: input.language };
  });
}

/**
 * The whole render once every boundary is done, so the HTML needs no script to finish it (the CSP
 * allows none inline); null when anything failed or took too long.
 */
function renderHtml(node: React.ReactNode): Promise<string | null> {
  return new Promise((resolve) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        const html = Buffer.concat(chunks).toString('utf8');
        resolve(failed || html.includes('<script') ? null : html);
        done();
      },
    });
    const stream = renderToPipeableStream(node, {
      onAllReady() {
        clearTimeout(timer);
        if (failed) resolve(null);
        else stream.pipe(sink);
      },
      onShellError() {
        clearTimeout(timer);
        resolve(null);
      },
      onError() {
        failed = true;
      },
    });
    const timer = setTimeout(() => {
      failed = true;
      stream.abort();
      resolve(null);
    }, RENDER_TIMEOUT_MS);
  });
}
