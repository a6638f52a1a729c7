import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { coreMessagesReady } from './lib/messages/sections';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The router is already fetching the page's code and data; the shell's texts arrive alongside. If
// they fail to load, the page still renders (with its keys) rather than staying blank.
// In a transition, the first render yields to the browser every few milliseconds instead of holding the
// main thread for the whole page: on Lighthouse's phone the dashboard's was one task of 300-450 ms
// (decision 0063). Until it commits, the loading indicator of index.html stays on screen.
void coreMessagesReady
  .catch(() => {})
  .then(() => {
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      ),
    );
  });
