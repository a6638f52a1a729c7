import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { coreMessagesReady } from './lib/messages/sections';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The router is already fetching the page's code and data; the shell's texts arrive alongside. If
// they fail to load, the page still renders (with its keys) rather than staying blank.
// In a transition, the first render yields to the browser every few milliseconds instead of holding the
// main thread for the whole page: on Lighthouse's phone the dashboard's was one task of 300-450 ms
// (decision 0063). Until it commits, the loading indicator of index.html stays on screen. A signed-in
// page whose HTML holds its first view (decision 0095) is hydrated by app/firstView.tsx instead.
void coreMessagesReady
  .catch(() => {})
  .then(() => {
    // The server's view is inert until the browser takes it over (platform/http/static-files.ts).
    if (container.inert) return import('./app/firstView').then((view) => view.startFromFirstView(container));
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <Providers>
            <RouterProvider router={createBrowserRouter(routes)} />
          </Providers>
        </StrictMode>,
      ),
    );
  });
