import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { coreMessagesReady } from './lib/messages/sections';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The router is already fetching the page's code and data; the shell's texts arrive alongside. If
// they fail to load, the page still renders (with its keys) rather than staying blank.
void coreMessagesReady
  .catch(() => {})
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
