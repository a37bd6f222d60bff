import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { inlineRootData, type RootData } from '@/app/RootLayout';
import { createAppRouter } from '@/app/router';
import { RouterProvider } from '@/lib/router';
import './styles/global.css';

/**
 * Start the app; `root`: the layout's data when the page shell carried it. The first render is
 * a transition: React yields to the browser every few milliseconds instead of rendering the page
 * in one long task, so a tap is not held up (docs/targets.md 4.7, total blocking time).
 */
function start(root?: RootData) {
  const app = createRoot(document.getElementById('root')!);
  startTransition(() =>
    app.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={createAppRouter(root)} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

const inline = inlineRootData();
if (inline) inline.then(start, () => start());
else start();
